import { notFound } from "next/navigation";
import { PageNotFound } from "@/components/status/page-not-found";
import { isUnknownPath } from "@/lib/tenancy/resolve";

// Unknown paths on the main site: answered with 404 by the proxy, rendered here as an ordinary page
// (see app/t/[tenant]/[...rest]/page.tsx for why not notFound()).
export default async function UnknownPage() {
  if (!(await isUnknownPath())) notFound();
  return <PageNotFound />;
}

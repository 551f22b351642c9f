import { notFound } from "next/navigation";
import { currentTenant } from "@/lib/tenancy/resolve";

// The segment name comes from the proxy's rewrite, which is never trusted: the workspace is
// resolved again from the Host header, and a mismatch (a direct request to /t/<other>) is a 404.
export default async function TenantLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ tenant: string }>;
}) {
  const { tenant } = await params;
  const resolved = await currentTenant();
  if (!resolved || resolved.subdomain !== tenant) notFound();
  return children;
}

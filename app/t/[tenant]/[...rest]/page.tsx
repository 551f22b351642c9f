import { notFound } from "next/navigation";
import { isUnknownPath } from "@/lib/tenancy/resolve";
import WorkspaceNotFound from "./not-found";

// Unknown paths in a workspace, for a visitor with a session cookie: 'Page Not Found' inside the app
// shell, with a real 404 status. The proxy knows every page (lib/tenancy/page-paths.ts) and has
// answered this path with 404 already, so the page renders here as an ordinary page and its first
// HTML is complete, with its language; notFound() would get Next's error document instead (no lang,
// nothing until the scripts run), and stays only for a request that did not come through the proxy.
// Without a session cookie the proxy sends the visitor to the main site's lighter catch-all.
// Outside the signed-in group on purpose: that layout sends a stale session to the sign-in.
export default async function UnknownPage() {
  if (!(await isUnknownPath())) notFound();
  return <WorkspaceNotFound />;
}

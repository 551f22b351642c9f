import { AppShell } from "@/components/shell/app-shell";
import { PageNotFound } from "@/components/status/page-not-found";
import { currentSession } from "@/lib/auth/current-session";
import { productNameFromEnv } from "@/lib/tenancy/site";

// 'Page Not Found' for every unknown path, on the main site and in a workspace. Signed in to the
// workspace of the Host, it stays inside the app shell (sidebar, tab bar, menus) so the way back
// is where it always is; otherwise the standalone page.
//
// Unknown paths reach this as an unmatched route (no catch-all page calling notFound()): Next
// renders an unmatched route's not-found in the first HTML with a 404, whereas a notFound() thrown
// by a page before anything streamed is sent as an empty error document (`<html
// id="__next_error__">`, no lang, no content) that only the scripts fill in.
export default async function NotFound() {
  const session = await currentSession();
  if (!session) return <PageNotFound />;
  return (
    <AppShell user={session.user} productName={productNameFromEnv()}>
      <PageNotFound as="section" />
    </AppShell>
  );
}

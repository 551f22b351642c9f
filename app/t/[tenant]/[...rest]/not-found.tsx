import { AppShell } from "@/components/shell/app-shell";
import { PageNotFound } from "@/components/status/page-not-found";
import { currentSession } from "@/lib/auth/current-session";
import { productNameFromEnv } from "@/lib/tenancy/site";

// 'Page Not Found' for an unknown path in a workspace. Signed in, it stays inside the app shell
// (sidebar, tab bar, menus) so the way back is where it always is; signed out, the standalone page.
// The status stays 404: page.tsx calls notFound() before anything has streamed.
export default async function WorkspaceNotFound() {
  const session = await currentSession();
  if (!session) return <PageNotFound />;
  return (
    <AppShell user={session.user} productName={productNameFromEnv()}>
      <PageNotFound as="section" />
    </AppShell>
  );
}

import type { Metadata } from "next";
import { AppShell } from "@/components/shell/app-shell";
import { PageNotFound } from "@/components/status/page-not-found";
import { currentSession } from "@/lib/auth/current-session";
import { productNameFromEnv } from "@/lib/tenancy/site";

// 'Page Not Found' for an unknown path in a workspace. Signed in, it stays inside the app shell
// (sidebar, tab bar, menus) so the way back is where it always is; signed out, the standalone page.
// The status is 404: the proxy answers an unknown path with it (page.tsx), or notFound() does.
// A 404's title comes from its not-found boundary (Next reads metadata there when the status is
// 404), also when the catch-all page renders this itself; Next adds the noindex.
export const metadata: Metadata = { title: "Page Not Found" };

export default async function WorkspaceNotFound() {
  const session = await currentSession();
  if (!session) return <PageNotFound />;
  return (
    <AppShell user={session.user} productName={productNameFromEnv()}>
      <PageNotFound as="section" />
    </AppShell>
  );
}

import type { Metadata } from "next";
import { currentSession } from "@/lib/auth/current-session";
import { can } from "@/lib/auth/permissions";
import { AccessRestricted } from "@/components/shell/access-restricted";
import { ContentLibrary } from "@/components/library/content-library";

export const metadata: Metadata = { title: "Leadership Content Library" };

// library.manage: admins of the organisation (docs/decisions.md (Roles and permissions)); the server
// decides, not the navigation.
export default async function ContentLibraryPage() {
  const session = await currentSession();
  if (!session) return null;
  if (!can(session.ctx, "library.manage"))
    return <AccessRestricted feature="The Content Library" permission="library.manage" />;
  return <ContentLibrary orgId={session.ctx.orgId} />;
}

import type { Metadata } from "next";
import { currentSession } from "@/lib/auth/current-session";
import { can } from "@/lib/auth/permissions";
import { AccessRestricted } from "@/components/shell/access-restricted";
import { BossBot } from "@/components/coach/boss-bot";

export const metadata: Metadata = { title: "Boss Bot" };

// coach.use: admins and managers, each with their own chats; employees none (docs/decisions.md
// (Roles and permissions)).
export default async function Page() {
  const session = await currentSession();
  if (!session) return null;
  if (!can(session.ctx, "coach.use")) return <AccessRestricted feature="Boss Bot" permission="coach.use" />;
  return <BossBot userId={session.user.id} />;
}

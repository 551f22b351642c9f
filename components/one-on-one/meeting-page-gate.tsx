import type { AuthContext } from "@/lib/auth/context";
import { currentSession } from "@/lib/auth/current-session";
import { can } from "@/lib/auth/permissions";
import type { MeetingDetail } from "@/lib/one-on-one/dto";
import { meetingForPage } from "@/lib/one-on-one/meeting-for-page";
import { AccessRestricted } from "@/components/shell/access-restricted";
import { isMeetingId, MeetingNotFound } from "@/components/one-on-one/meeting-not-found";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * The pages of one meeting (?meetingId=; nothing is hard-coded): oneOnOnes.use is every role's,
 * and the server answers 404 to anyone outside the pair, shown as 'Meeting Not Found' (as are ids
 * that cannot name a meeting). The meeting is read here (meetingForPage), so the first HTML shows
 * it; `render` gets it to seed the page's query.
 */
export async function meetingPage(
  searchParams: SearchParams,
  render: (page: { ctx: AuthContext; id: string; meeting: MeetingDetail }) => React.ReactNode,
): Promise<React.ReactNode> {
  const session = await currentSession();
  if (!session) return null;
  if (!can(session.ctx, "oneOnOnes.use")) return <AccessRestricted feature="1:1 Meetings" permission="oneOnOnes.use" />;
  const raw = (await searchParams).meetingId;
  const id = typeof raw === "string" ? raw.toLowerCase() : null;
  if (!isMeetingId(id)) return <MeetingNotFound />;
  const meeting = await meetingForPage(session.ctx, id);
  if (!meeting) return <MeetingNotFound />;
  return render({ ctx: session.ctx, id, meeting });
}

import "server-only";
import { orgKey, withOrg, type Tx } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { requirePermission } from "@/lib/auth/authorize";
import { can } from "@/lib/auth/permissions";
import { loadRounds, loadTeams } from "@/lib/analytics/load";
import { scopeOf, type Scope } from "@/lib/analytics/scope";
import { combine } from "@/lib/analytics/rounds";
import { scopeCells } from "@/lib/analytics/view";
import { inWindow, periodWindows, type Window } from "@/lib/analytics/periods";
import { DIMENSION_KEYS, STRESS_METRIC } from "@/lib/surveys/dimensions";
import { instantFromWallClock } from "@/lib/utils/time-zone";
import { inPair, loadMeetingForUser, managerOnly, type LoadedMeeting } from "./access";
import { openActionItemsForMeeting } from "./action-items";
import { readPrepForm } from "./prep-forms";
import { suggestMeetingTopics, type ManagerSuggestion, type OpenActionItem, type TeamTrend } from "./suggestions";
import type { ManagerSuggestionsDto, PrepFormDto } from "./dto";
import type { SuggestionReviewInput } from "./notes-schemas";

// The manager's suggestions panel: our rules (lib/one-on-one/suggestions.ts) over this
// meeting's submitted prep form, the pair's open action items and the team's latest survey trends.
// The trends are read through the analytics pipeline the manager's own dashboard uses (their
// viewer scope, per-cell suppression, closed rounds only), so no figure reaches the rules that the
// dashboard would hide. No AI service is called: `source` is always 'rules'.

/** Current and previous four-week figures the viewer may see, for the employee's team when the
 * viewer leads it, otherwise for the viewer's whole dashboard scope. Empty without analytics. */
export async function visibleTeamTrends(
  ctx: AuthContext,
  employeeTeamId: string | null,
  now = new Date(),
): Promise<TeamTrend[]> {
  if (!can(ctx, "analytics.view")) return [];
  const { current, previous } = periodWindows(now);
  const data = await withOrg(ctx.orgId, async (tx) => {
    const teams = await loadTeams(tx, ctx.orgId);
    const full = scopeOf(ctx, teams);
    const own = employeeTeamId
      ? full.teams.find((t) => t.id === employeeTeamId && t.managerId === ctx.userId)
      : undefined;
    const scope: Scope = own ? { orgWide: false, teams: [own] } : full;
    const rounds = await loadRounds(tx, ctx, { kind: "pulse", sentFrom: previous.from, orgOnly: scope.orgWide });
    return { scope, teamIds: teams.map((t) => t.id), rounds };
  });
  if (!data.scope.orgWide && !data.scope.teams.length) return [];
  const agg = (w: Window) =>
    combine(data.rounds.filter((r) => inWindow(r.sentAt, w)).flatMap((r) => scopeCells(data.scope, r, data.teamIds)))
      .scores;
  const cur = agg(current);
  const prev = agg(previous);
  return [
    ...DIMENSION_KEYS.map((metric) => ({ metric, current: cur.dimensions[metric], previous: prev.dimensions[metric] })),
    { metric: STRESS_METRIC, current: cur.stress, previous: prev.stress },
  ];
}

/** The end of the due day in the meeting's time zone. */
function dueAt(dueDate: Date | null, timeZone: string): Date | null {
  if (!dueDate) return null;
  const next = new Date(dueDate.getTime() + 24 * 60 * 60 * 1000);
  try {
    return instantFromWallClock(
      { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate(), hour: 0, minute: 0 },
      timeZone,
    );
  } catch {
    return next;
  }
}

export type SuggestionContext = {
  meeting: LoadedMeeting;
  employee: { firstName: string; lastName: string; teamId: string | null };
  prepForm: PrepFormDto | null;
  openActionItems: OpenActionItem[];
  openActionTexts: { text: string; owner: "manager" | "employee"; dueDate: string | null }[];
  reviewedIds: string[];
};

/** Everything of the meeting the rules read, for its manager only (employee: 403; others: 404). */
export async function loadSuggestionContext(tx: Tx, ctx: AuthContext, meetingId: string): Promise<SuggestionContext> {
  const { meeting, role } = await loadMeetingForUser(tx, ctx, meetingId);
  if (role !== "manager") throw managerOnly();
  const employee = await tx.user.findUniqueOrThrow({
    where: orgKey(ctx.orgId, meeting.employeeId),
    select: { firstName: true, lastName: true, teamId: true },
  });
  const prepForm = await readPrepForm(tx, ctx, meeting);
  const open = await openActionItemsForMeeting(tx, meeting);
  const reviews = await tx.meetingSuggestionReview.findMany({
    where: { organizationId: ctx.orgId, meetingId: meeting.id, managerId: ctx.userId },
    select: { suggestionId: true },
    orderBy: { suggestionId: "asc" },
  });
  const owner = (id: string): "manager" | "employee" => (id === meeting.managerId ? "manager" : "employee");
  return {
    meeting,
    employee,
    prepForm,
    openActionItems: open.map((i) => ({
      id: i.id,
      text: i.text,
      owner: owner(i.ownerId),
      dueAt: dueAt(i.dueDate, meeting.series.timeZone),
    })),
    openActionTexts: open.map((i) => ({
      text: i.text,
      owner: owner(i.ownerId),
      dueDate: i.dueDate ? i.dueDate.toISOString().slice(0, 10) : null,
    })),
    reviewedIds: reviews.map((r) => r.suggestionId),
  };
}

export async function suggestionsFor(
  ctx: AuthContext,
  c: SuggestionContext,
  now = new Date(),
): Promise<ManagerSuggestion[]> {
  const teamTrends = await visibleTeamTrends(ctx, c.employee.teamId, now);
  const prep = c.prepForm;
  return suggestMeetingTopics({
    prepForm: prep
      ? {
          wins: prep.wins,
          challenges: prep.challenges,
          goals: prep.goals,
          feedback: prep.feedback,
          mood: prep.mood,
          stressLevel: prep.stressLevel,
          workloadConcerns: prep.workloadConcerns,
          careerDevelopment: prep.careerDevelopment,
          teamDynamics: prep.teamDynamics,
          additionalNotes: prep.additionalNotes,
        }
      : null,
    openActionItems: c.openActionItems,
    teamTrends,
    employeeFirstName: c.employee.firstName,
    now,
  });
}

/** GET /api/one-on-one/manager-suggestions/{meetingId} */
export async function managerSuggestions(
  ctx: AuthContext,
  meetingId: string,
  now = new Date(),
): Promise<ManagerSuggestionsDto> {
  requirePermission(ctx, "oneOnOnes.use");
  const c = await inPair(ctx, (tx) => loadSuggestionContext(tx, ctx, meetingId));
  const suggestions = await suggestionsFor(ctx, c, now);
  return { suggestions, reviewedIds: c.reviewedIds, source: "rules" };
}

/** PUT /api/meetings/one-on-one/{meetingId}/suggestion-reviews: the manager ticks a suggestion
 * as reviewed (or not); answers the meeting's reviewed ids. */
export async function setSuggestionReview(
  ctx: AuthContext,
  meetingId: string,
  input: SuggestionReviewInput,
): Promise<{ reviewedIds: string[] }> {
  requirePermission(ctx, "oneOnOnes.use");
  return inPair(ctx, async (tx) => {
    const { meeting, role } = await loadMeetingForUser(tx, ctx, meetingId);
    if (role !== "manager") throw managerOnly();
    const key = { organizationId: ctx.orgId, meetingId: meeting.id, suggestionId: input.suggestionId };
    if (input.reviewed) {
      await tx.meetingSuggestionReview.upsert({
        where: { organizationId_meetingId_suggestionId: key },
        create: { ...key, managerId: meeting.managerId, employeeId: meeting.employeeId },
        update: {},
      });
    } else {
      await tx.meetingSuggestionReview.deleteMany({ where: key });
    }
    const rows = await tx.meetingSuggestionReview.findMany({
      where: { organizationId: ctx.orgId, meetingId: meeting.id },
      select: { suggestionId: true },
      orderBy: { suggestionId: "asc" },
    });
    return { reviewedIds: rows.map((r) => r.suggestionId) };
  });
}

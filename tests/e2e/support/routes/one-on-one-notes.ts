// Attacker/victim entries for the 1:1 agenda, action-item, private-note and suggestion routes
// (docs/decisions.md (1:1 meetings)). These belong to the pair: the other organisation's admin, the victim
// organisation's own admin and a second manager of it all get 404, exactly as for a meeting that does not exist, and
// the victim's agenda, action items, private note and reviews stay as they were.
import type { Workspace } from "../workspace";
import { asPairManager, asVictimManager, outsidersFor, victimGuard } from "./one-on-one-fixtures";
import { oncePerWorkspace } from "./once-per-workspace";
import { victimPrep } from "./one-on-one-prep";
import type { RouteEntry } from "./types";

type VictimNotes = { meetingId: string; agendaItemId: string; actionItemId: string };

/** On the victim pair's meeting (victimPrep's): a talking point, an action item, the manager's
 * private note and a reviewed suggestion. */
const victimNotes = oncePerWorkspace<VictimNotes>((v) =>
  victimPrep(v).then(({ meetingId }) =>
    asVictimManager(v, async (tx) => {
      const pair = { organizationId: v.orgId, meetingId, managerId: v.manager.id, employeeId: v.employee.id };
      const agenda = await tx.meetingAgendaItem.create({
        data: {
          ...pair,
          kind: "talking_point",
          text: `Secret of ${v.subdomain}: raise`,
          position: 0,
          authorId: v.employee.id,
        },
        select: { id: true },
      });
      const { meetingId: _m, ...pairOnly } = pair;
      const action = await tx.meetingActionItem.create({
        data: {
          ...pairOnly,
          originMeetingId: meetingId,
          ownerId: v.employee.id,
          text: `Secret of ${v.subdomain}: action`,
          createdById: v.manager.id,
        },
        select: { id: true },
      });
      await tx.meetingPrivateNote.create({
        data: { ...pair, authorId: v.manager.id, body: new Uint8Array([1, 2, 3]), keyId: "victim" },
      });
      await tx.meetingSuggestionReview.create({ data: { ...pair, suggestionId: "low-mood-00000000" } });
      return { meetingId, agendaItemId: agenda.id, actionItemId: action.id };
    }),
  ),
);

async function fingerprint(v: Workspace): Promise<string> {
  const { meetingId } = await victimNotes(v);
  const state = await asVictimManager(v, async (tx) => ({
    agenda: await tx.meetingAgendaItem.findMany({
      where: { organizationId: v.orgId, meetingId },
      orderBy: { id: "asc" },
    }),
    actions: await tx.meetingActionItem.findMany({ where: { organizationId: v.orgId }, orderBy: { id: "asc" } }),
    notes: await tx.meetingPrivateNote.findMany({
      where: { organizationId: v.orgId },
      select: { id: true, body: true, keyId: true, updatedAt: true },
      orderBy: { id: "asc" },
    }),
    reviews: await tx.meetingSuggestionReview.findMany({
      where: { organizationId: v.orgId },
      orderBy: { suggestionId: "asc" },
    }),
  }));
  return JSON.stringify(state, (_k, val: unknown) =>
    val instanceof Uint8Array ? Buffer.from(val).toString("base64") : val,
  );
}

const { attack } = victimGuard(fingerprint, "1:1 agenda, action items, private note or reviews");

/** The same request from the other organisation's admin, the victim's own admin and a second manager. */
const outsiders = outsidersFor(attack, victimNotes);

const base = (n: VictimNotes) => `/api/meetings/one-on-one/${n.meetingId}`;

export const oneOnOneNotesRoutes: RouteEntry[] = [
  {
    file: "app/api/meetings/one-on-one/[meetingId]/agenda/route.ts",
    method: "GET",
    attacks: outsiders("path:meetingId", "GET", (n) => `${base(n)}/agenda`),
  },
  {
    file: "app/api/meetings/one-on-one/[meetingId]/agenda/route.ts",
    method: "POST",
    attacks: outsiders(
      "path:meetingId",
      "POST",
      (n) => `${base(n)}/agenda`,
      () => ({ text: "Planted by an attacker" }),
    ),
  },
  {
    file: "app/api/meetings/one-on-one/[meetingId]/agenda/[itemId]/route.ts",
    method: "PATCH",
    attacks: outsiders(
      ["path:meetingId", "path:itemId"],
      "PATCH",
      (n) => `${base(n)}/agenda/${n.agendaItemId}`,
      () => ({ done: true, text: "Rewritten by an attacker" }),
    ),
  },
  {
    file: "app/api/meetings/one-on-one/[meetingId]/agenda/[itemId]/route.ts",
    method: "DELETE",
    attacks: outsiders(["path:meetingId", "path:itemId"], "DELETE", (n) => `${base(n)}/agenda/${n.agendaItemId}`),
  },
  {
    file: "app/api/meetings/one-on-one/[meetingId]/agenda/order/route.ts",
    method: "PUT",
    attacks: outsiders(
      ["path:meetingId", "body:itemIds"],
      "PUT",
      (n) => `${base(n)}/agenda/order`,
      (n) => ({ itemIds: [n.agendaItemId] }),
    ),
  },
  {
    file: "app/api/meetings/one-on-one/[meetingId]/action-items/route.ts",
    method: "GET",
    attacks: outsiders("path:meetingId", "GET", (n) => `${base(n)}/action-items`),
  },
  {
    file: "app/api/meetings/one-on-one/[meetingId]/action-items/route.ts",
    method: "POST",
    attacks: [
      ...outsiders(
        ["path:meetingId", "body:ownerId"],
        "POST",
        (n) => `${base(n)}/action-items`,
        (_n, v) => ({ text: "Planted by an attacker", ownerId: v.employee.id }),
      ),
      ...outsiders(
        ["path:meetingId", "body:ownerId", "body:organizationId"],
        "POST",
        (n) => `${base(n)}/action-items`,
        (_n, v) => ({ text: "Planted", ownerId: v.employee.id, organizationId: v.orgId }),
        [400, 404],
      ),
    ],
  },
  {
    file: "app/api/meetings/one-on-one/[meetingId]/action-items/[itemId]/route.ts",
    method: "PATCH",
    attacks: [
      ...outsiders(
        ["path:meetingId", "path:itemId"],
        "PATCH",
        (n) => `${base(n)}/action-items/${n.actionItemId}`,
        () => ({ completed: true, text: "Rewritten by an attacker" }),
      ),
      // The attacker's manager hands an action item of their own 1:1 to the victim's employee.
      attack(
        "body:ownerId",
        async ({ attacker, victim }) => {
          const own = await victimNotes(attacker);
          return asPairManager(attacker, "PATCH", `${base(own)}/action-items/${own.actionItemId}`, {
            ownerId: victim.employee.id,
          });
        },
        [400, 404],
      ),
    ],
  },
  {
    file: "app/api/meetings/one-on-one/[meetingId]/action-items/[itemId]/route.ts",
    method: "DELETE",
    attacks: outsiders(["path:meetingId", "path:itemId"], "DELETE", (n) => `${base(n)}/action-items/${n.actionItemId}`),
  },
  {
    file: "app/api/meetings/one-on-one/[meetingId]/private-note/route.ts",
    method: "GET",
    attacks: outsiders("path:meetingId", "GET", (n) => `${base(n)}/private-note`),
  },
  {
    file: "app/api/meetings/one-on-one/[meetingId]/private-note/route.ts",
    method: "PUT",
    attacks: [
      ...outsiders(
        "path:meetingId",
        "PUT",
        (n) => `${base(n)}/private-note`,
        () => ({ body: "Planted by an attacker" }),
      ),
      ...outsiders(
        "path:meetingId",
        "PUT",
        (n) => `${base(n)}/private-note`,
        () => ({ body: "" }),
      ),
    ],
  },
  {
    file: "app/api/meetings/one-on-one/[meetingId]/suggestion-reviews/route.ts",
    method: "PUT",
    attacks: [
      ...outsiders(
        "path:meetingId",
        "PUT",
        (n) => `${base(n)}/suggestion-reviews`,
        () => ({ suggestionId: "low-mood-00000000", reviewed: false }),
      ),
      ...outsiders(
        "path:meetingId",
        "PUT",
        (n) => `${base(n)}/suggestion-reviews`,
        () => ({ suggestionId: "high-stress-00000000", reviewed: true }),
      ),
    ],
  },
  {
    file: "app/api/one-on-one/manager-suggestions/[meetingId]/route.ts",
    method: "GET",
    attacks: outsiders("path:meetingId", "GET", (n) => `/api/one-on-one/manager-suggestions/${n.meetingId}`),
  },
  {
    file: "app/api/one-on-one/boss-bot-context/[meetingId]/route.ts",
    method: "GET",
    attacks: outsiders("path:meetingId", "GET", (n) => `/api/one-on-one/boss-bot-context/${n.meetingId}`),
  },
];

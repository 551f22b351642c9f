// Attacker/victim entries for Boss Bot's reply routes (app/api/ai-coach/..., app/api/chat/messages).
// Attackers: the admin of another organisation (naming the victim's organisation or the victim
// manager's conversation) and the admin of the victim's own organisation naming the victim
// manager's conversation (nobody but the author may write to it). All get 404, and the victim's
// conversation keeps exactly its one message.
import { runInOrg } from "@/lib/db/org-transaction";
import { e2eDb, type Workspace } from "../workspace";
import { asVictimAdmin, seedConversation } from "./coach";
import { victimItem } from "./library";
import { victimPrep } from "./one-on-one-prep";
import type { Attack, RouteEntry } from "./types";

type VictimChat = { conversationId: string; messageId: string };
const chats = new Map<string, Promise<VictimChat>>();

function victimChat(v: Workspace): Promise<VictimChat> {
  let p = chats.get(v.orgId);
  if (!p) chats.set(v.orgId, (p = seedConversation(v, v.manager.id)));
  return p;
}

async function untouched(v: Workspace): Promise<void> {
  const chat = await victimChat(v);
  const ids = await runInOrg(
    e2eDb(),
    v.orgId,
    async (tx) =>
      (
        await tx.chatMessage.findMany({
          where: { organizationId: v.orgId, conversationId: chat.conversationId },
          select: { id: true },
        })
      ).map((m) => m.id),
    undefined,
    v.manager.id,
  );
  if (ids.length !== 1 || ids[0] !== chat.messageId)
    throw new Error(`the victim manager's conversation changed: ${ids.length} messages`);
}

const a = (aims: Attack["aims"], send: Attack["send"]): Attack => ({
  aims,
  send: async (args) => {
    await untouched(args.victim);
    return send(args);
  },
  expected: [404],
  unchanged: untouched,
});

const conv = (v: Workspace) => victimChat(v).then((c) => c.conversationId);
const MESSAGE = "How do I handle a disengaged report?";

function replyRoute(file: string, path: string): RouteEntry {
  return {
    file,
    method: "POST",
    attacks: [
      a("body:organizationId", ({ victim, call }) =>
        call("POST", path, { message: MESSAGE, organizationId: victim.orgId }),
      ),
      a("body:conversationId", async ({ victim, call }) =>
        call("POST", path, { message: MESSAGE, conversationId: await conv(victim) }),
      ),
      a("body:conversationId", async ({ victim }) =>
        asVictimAdmin(victim, "POST", path, { message: MESSAGE, conversationId: await conv(victim) }),
      ),
      // The victim pair's 1:1 as the conversation's context: nobody but its manager may have it read.
      a("body:context.meetingId", async ({ victim, call }) =>
        call("POST", path, {
          message: MESSAGE,
          context: { type: "1on1_prep_analysis", meetingId: (await victimPrep(victim)).meetingId, data: {} },
        }),
      ),
      a("body:context.meetingId", async ({ victim }) =>
        asVictimAdmin(victim, "POST", path, {
          message: MESSAGE,
          context: { type: "1on1_prep_analysis", meetingId: (await victimPrep(victim)).meetingId, data: {} },
        }),
      ),
    ],
  };
}

export const coachAiRoutes: RouteEntry[] = [
  replyRoute("app/api/ai-coach/stream/route.ts", "/api/ai-coach/stream"),
  replyRoute("app/api/ai-coach/chat/route.ts", "/api/ai-coach/chat"),
  {
    file: "app/api/chat/messages/route.ts",
    method: "POST",
    attacks: [
      a("body:conversationId", async ({ victim, call }) =>
        call("POST", "/api/chat/messages", { conversationId: await conv(victim), type: "user", content: MESSAGE }),
      ),
      a("body:conversationId", async ({ victim }) =>
        asVictimAdmin(victim, "POST", "/api/chat/messages", {
          conversationId: await conv(victim),
          type: "user",
          content: MESSAGE,
        }),
      ),
    ],
  },
  {
    // The item a reply cites: another organisation's item is not found, its body never shown.
    file: "app/api/ai-coach/sources/[id]/route.ts",
    method: "GET",
    attacks: [
      {
        aims: "path:id",
        send: async ({ victim, call }) => call("GET", `/api/ai-coach/sources/${await victimItem(victim)}`),
        expected: [404],
      },
    ],
  },
];

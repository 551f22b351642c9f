// Attacker/victim entries for Boss Bot's conversation routes (app/api/chat/conversations/...).
// Two attackers per route: the admin of another organisation (cross-tenant), and the admin of the
// victim's own organisation aiming at the victim manager's conversation (same tenant: nobody but
// the author may list, read, rename or delete it). Both get 404, and the conversation, its title
// bytes and its message are unchanged.
import path from "node:path";
import { randomUUID } from "node:crypto";
import { runInOrg } from "@/lib/db/org-transaction";
import {
  localMasterKey,
  newDataKey,
  parseMasterKeys,
  sealMessage,
  sealTitle,
  toBytes,
  wrapDataKey,
  type KeyRing,
} from "@/lib/coach/crypto";
import { E2E_DATA_DIR } from "../../../../playwright.config";
import { hostOf, json, signIn, type HttpResponse } from "../http";
import { e2eDb, PASSWORD, type Workspace } from "../workspace";
import type { Attack, RouteEntry } from "./types";

/** The e2e server's key ring: the configured one, else the key start.ts generated in its data folder. */
function serverRing(): KeyRing {
  const configured = parseMasterKeys({
    COACH_MASTER_KEYS: process.env.COACH_MASTER_KEYS,
    COACH_MASTER_KEY: process.env.COACH_MASTER_KEY,
    COACH_MASTER_KEY_ID: process.env.COACH_MASTER_KEY_ID,
  });
  if (configured) return configured;
  const k = localMasterKey(path.resolve(E2E_DATA_DIR));
  return { current: k, byId: new Map([[k.id, k.key]]) };
}

type VictimChat = { conversationId: string; messageId: string };
const chats = new Map<string, Promise<VictimChat>>();

/** A conversation of `userId` with one message, sealed as the server seals them (the fuzz's
 * fixture uses it too). */
export function seedConversation(ws: Pick<Workspace, "orgId" | "subdomain">, userId: string): Promise<VictimChat> {
  return runInOrg(
    e2eDb(),
    ws.orgId,
    async (tx) => {
      const conversationId = randomUUID();
      const messageId = randomUUID();
      const dataKey = newDataKey();
      const { wrappedKey, keyId } = wrapDataKey(serverRing(), dataKey, ws.orgId, conversationId);
      await tx.chatConversation.create({
        data: {
          organizationId: ws.orgId,
          id: conversationId,
          userId,
          title: toBytes(sealTitle(dataKey, ws.orgId, conversationId, "A private chat")),
          wrappedKey: toBytes(wrappedKey),
          keyId,
        },
      });
      const body = JSON.stringify({ content: `Secret of ${ws.subdomain}: my report is disengaged`, sources: [] });
      await tx.chatMessage.create({
        data: {
          organizationId: ws.orgId,
          id: messageId,
          conversationId,
          userId,
          type: "user",
          body: toBytes(sealMessage(dataKey, ws.orgId, conversationId, messageId, body)),
        },
      });
      return { conversationId, messageId };
    },
    undefined,
    userId,
  );
}

/** The victim manager's conversation with one message. */
function victimChat(v: Workspace): Promise<VictimChat> {
  let p = chats.get(v.orgId);
  if (!p) chats.set(v.orgId, (p = seedConversation(v, v.manager.id)));
  return p;
}

const fingerprints = new Map<string, string>();

async function fingerprint(v: Workspace): Promise<string> {
  const rows = await runInOrg(
    e2eDb(),
    v.orgId,
    async (tx) => ({
      conversations: await tx.chatConversation.findMany({
        where: { organizationId: v.orgId },
        select: { id: true, title: true, wrappedKey: true, keyId: true, lastMessageAt: true },
        orderBy: { id: "asc" },
      }),
      messages: await tx.chatMessage.findMany({
        where: { organizationId: v.orgId },
        select: { id: true, body: true },
        orderBy: { id: "asc" },
      }),
    }),
    undefined,
    v.manager.id,
  );
  return JSON.stringify(rows, (_k, x: unknown) => (x instanceof Uint8Array ? Buffer.from(x).toString("base64") : x));
}

/** The victim manager's conversation is as victimChat made it. */
async function untouched(v: Workspace): Promise<void> {
  const chat = await victimChat(v);
  const now = await fingerprint(v);
  const before = fingerprints.get(v.orgId);
  if (!before) {
    fingerprints.set(v.orgId, now);
    return;
  }
  if (!now.includes(chat.conversationId) || !now.includes(chat.messageId) || now !== before)
    throw new Error("the victim manager's conversation changed");
}

const adminCookies = new Map<string, Promise<string | null>>();

/** The victim organisation's own admin calls (same tenant, not the author). */
export async function asVictimAdmin(v: Workspace, method: string, p: string, body?: unknown): Promise<HttpResponse> {
  let c = adminCookies.get(v.orgId);
  if (!c) adminCookies.set(v.orgId, (c = signIn(v.subdomain, v.admin.email, PASSWORD)));
  const cookie = await c;
  if (!cookie) throw new Error("the victim's admin could not sign in");
  return json({ host: hostOf(v.subdomain), path: p, method, cookie, body });
}

const a = (aims: Attack["aims"], send: Attack["send"], expected: number[] = [404]): Attack => ({
  aims,
  send: async (args) => {
    // The conversation exists (and its fingerprint is taken) before the first attack.
    await untouched(args.victim);
    return send(args);
  },
  expected,
  unchanged: untouched,
});

const conv = (v: Workspace) => victimChat(v).then((c) => c.conversationId);

export const coachRoutes: RouteEntry[] = [
  {
    file: "app/api/chat/conversations/route.ts",
    method: "POST",
    attacks: [
      a(["body:userId", "body:organizationId"], ({ victim, call }) =>
        call("POST", "/api/chat/conversations", {
          userId: victim.manager.id,
          organizationId: victim.orgId,
          title: "Planted",
        }),
      ),
      a("body:userId", ({ victim, call }) =>
        call("POST", "/api/chat/conversations", { userId: victim.manager.id, title: "Planted" }),
      ),
      a("body:userId", ({ victim }) =>
        asVictimAdmin(victim, "POST", "/api/chat/conversations", {
          userId: victim.manager.id,
          organizationId: victim.orgId,
          title: "Planted",
        }),
      ),
    ],
  },
  {
    file: "app/api/chat/conversations/[key]/route.ts",
    method: "GET",
    attacks: [
      a("path:key", ({ victim, call }) => call("GET", `/api/chat/conversations/${victim.manager.id}`)),
      a("path:key", async ({ victim, call }) => call("GET", `/api/chat/conversations/${await conv(victim)}`)),
      a("path:key", ({ victim }) => asVictimAdmin(victim, "GET", `/api/chat/conversations/${victim.manager.id}`)),
    ],
  },
  {
    file: "app/api/chat/conversations/[key]/route.ts",
    method: "PATCH",
    attacks: [
      a("path:key", async ({ victim, call }) =>
        call("PATCH", `/api/chat/conversations/${await conv(victim)}`, { title: "Renamed by attacker" }),
      ),
      a("path:key", async ({ victim }) =>
        asVictimAdmin(victim, "PATCH", `/api/chat/conversations/${await conv(victim)}`, { title: "Renamed by admin" }),
      ),
    ],
  },
  {
    file: "app/api/chat/conversations/[key]/route.ts",
    method: "DELETE",
    attacks: [
      a("path:key", async ({ victim, call }) => call("DELETE", `/api/chat/conversations/${await conv(victim)}`)),
      a("path:key", async ({ victim }) =>
        asVictimAdmin(victim, "DELETE", `/api/chat/conversations/${await conv(victim)}`),
      ),
    ],
  },
  {
    file: "app/api/chat/conversations/[key]/messages/route.ts",
    method: "GET",
    attacks: [
      a("path:key", async ({ victim, call }) => call("GET", `/api/chat/conversations/${await conv(victim)}/messages`)),
      a("path:key", async ({ victim }) =>
        asVictimAdmin(victim, "GET", `/api/chat/conversations/${await conv(victim)}/messages`),
      ),
    ],
  },
];

import "server-only";
import { randomUUID } from "node:crypto";
import type { AuthContext } from "@/lib/auth/context";
import { requirePermission } from "@/lib/auth/authorize";
import { isUuid, withOrg, type Tx } from "@/lib/db/tenant";
import { invalidInput, notFound } from "@/lib/errors/domain-error";
import { zodFieldErrors } from "@/lib/errors/problem";
import { assertWritable } from "@/lib/billing/access";
import {
  masterKeyRing,
  newDataKey,
  openMessage,
  openTitle,
  sealMessage,
  sealTitle,
  toBytes,
  unwrapDataKey,
  wrapDataKey,
} from "@/lib/coach/crypto";
import { addMessageSchema, conversationTitleSchema, TITLE_MAX, type AddMessageInput } from "@/lib/coach/schemas";
import type { ChatMessageDto, ConversationDto, SourceDto } from "@/lib/coach/dto";

// Boss Bot conversations: readable by their author alone. Every query runs inside
// withOrg(ctx.orgId, fn, { userId: ctx.userId }) (row-level security: the organisation policy and
// the restrictive owner policy) AND filters on ctx.userId. Anyone else's id, an admin's call
// included, is "Conversation not found". Titles and messages are stored sealed (lib/coach/crypto.ts);
// nothing here logs their text.

type ConversationRow = { id: string; title: Uint8Array; wrappedKey: Uint8Array; keyId: string; createdAt: Date; lastMessageAt: Date };
const conversationSelect = { id: true, title: true, wrappedKey: true, keyId: true, createdAt: true, lastMessageAt: true } as const;

function inOwnRows<T>(ctx: AuthContext, fn: (tx: Tx) => Promise<T>): Promise<T> {
  requirePermission(ctx, "coach.use");
  return withOrg(ctx.orgId, fn, { userId: ctx.userId });
}

function dataKeyOf(ctx: AuthContext, row: ConversationRow): Buffer {
  return unwrapDataKey(masterKeyRing(), row.wrappedKey, row.keyId, ctx.orgId, row.id);
}

function toConversationDto(ctx: AuthContext, row: ConversationRow, dataKey = dataKeyOf(ctx, row)): ConversationDto {
  return { id: row.id, title: openTitle(dataKey, ctx.orgId, row.id, row.title), createdAt: row.createdAt.toISOString(), lastMessageAt: row.lastMessageAt.toISOString() };
}

/** The caller's own conversation, or "Conversation not found" (missing, another person's, another
 * organisation's: all alike). */
async function ownConversation(tx: Tx, ctx: AuthContext, id: string): Promise<ConversationRow> {
  if (!isUuid(id)) throw notFound("Conversation");
  const row = await tx.chatConversation.findFirst({ where: { organizationId: ctx.orgId, userId: ctx.userId, id }, select: conversationSelect });
  if (!row) throw notFound("Conversation");
  return row;
}

/** Spec sections 4 and 9: the first message, trimmed, at most 50 characters (47 plus "..." when
 * longer). Line breaks and runs of spaces become one space; characters are counted as code points,
 * so an emoji is never cut in half. */
export function conversationTitle(firstMessage: string): string {
  const chars = [...firstMessage.replace(/\s+/g, " ").trim()];
  if (chars.length <= TITLE_MAX) return chars.join("");
  return `${chars.slice(0, TITLE_MAX - 3).join("")}...`;
}

/** The caller's conversations, the most recently active first. */
export async function listConversations(ctx: AuthContext): Promise<ConversationDto[]> {
  const rows = await inOwnRows(ctx, (tx) =>
    tx.chatConversation.findMany({ where: { organizationId: ctx.orgId, userId: ctx.userId }, select: conversationSelect, orderBy: [{ lastMessageAt: "desc" }, { createdAt: "desc" }] }),
  );
  return rows.map((r) => toConversationDto(ctx, r));
}

/** A new conversation of the caller's, titled by the title rule. */
export async function createConversation(ctx: AuthContext, input: { title: string }): Promise<ConversationDto> {
  const title = conversationTitle(input.title);
  if (!title) throw invalidInput("Invalid request body", { title: ["Title is required"] });
  return inOwnRows(ctx, async (tx) => {
    await assertWritable(tx, ctx.orgId);
    const id = randomUUID();
    const dataKey = newDataKey();
    const { wrappedKey, keyId } = wrapDataKey(masterKeyRing(), dataKey, ctx.orgId, id);
    const row = await tx.chatConversation.create({
      data: { organizationId: ctx.orgId, id, userId: ctx.userId, title: toBytes(sealTitle(dataKey, ctx.orgId, id, title)), wrappedKey: toBytes(wrappedKey), keyId },
      select: conversationSelect,
    });
    return toConversationDto(ctx, row, dataKey);
  });
}

/** Renames one of the caller's conversations (1-50 characters after trimming). */
export async function renameConversation(ctx: AuthContext, id: string, title: string): Promise<ConversationDto> {
  requirePermission(ctx, "coach.use");
  const parsed = conversationTitleSchema.safeParse(title);
  if (!parsed.success) throw invalidInput("Invalid request body", { title: parsed.error.issues.map((i) => i.message) });
  return inOwnRows(ctx, async (tx) => {
    const row = await ownConversation(tx, ctx, id);
    const dataKey = dataKeyOf(ctx, row);
    const updated = await tx.chatConversation.update({
      where: { organizationId_id: { organizationId: ctx.orgId, id } },
      data: { title: toBytes(sealTitle(dataKey, ctx.orgId, id, parsed.data)) },
      select: conversationSelect,
    });
    return toConversationDto(ctx, updated, dataKey);
  });
}

/** Deletes one of the caller's conversations with its messages (cascade); its wrapped data key
 * goes with the row, so nothing sealed under it can be opened again. */
export async function deleteConversation(ctx: AuthContext, id: string): Promise<void> {
  await inOwnRows(ctx, async (tx) => {
    await ownConversation(tx, ctx, id);
    const r = await tx.chatConversation.deleteMany({ where: { organizationId: ctx.orgId, userId: ctx.userId, id } });
    if (r.count !== 1) throw notFound("Conversation");
  });
}

type StoredBody = { content: string; sources: SourceDto[] };

function parseBody(text: string): StoredBody {
  const v = JSON.parse(text) as Partial<StoredBody>;
  return { content: typeof v.content === "string" ? v.content : "", sources: Array.isArray(v.sources) ? v.sources : [] };
}

/** The messages of one of the caller's conversations, oldest first. */
export async function listMessages(ctx: AuthContext, conversationId: string): Promise<ChatMessageDto[]> {
  return readMessages(ctx, conversationId);
}

/** The last `limit` messages of one of the caller's conversations, oldest first: the earlier turns
 * the model is given with a new question (only the newest are decrypted). */
export async function recentMessages(ctx: AuthContext, conversationId: string, limit: number): Promise<ChatMessageDto[]> {
  return readMessages(ctx, conversationId, limit);
}

async function readMessages(ctx: AuthContext, conversationId: string, last?: number): Promise<ChatMessageDto[]> {
  return inOwnRows(ctx, async (tx) => {
    const conv = await ownConversation(tx, ctx, conversationId);
    const dataKey = dataKeyOf(ctx, conv);
    const dir = last === undefined ? "asc" : "desc";
    const rows = await tx.chatMessage.findMany({
      where: { organizationId: ctx.orgId, userId: ctx.userId, conversationId },
      select: { id: true, type: true, body: true, createdAt: true },
      orderBy: [{ createdAt: dir }, { id: dir }],
      take: last,
    });
    if (last !== undefined) rows.reverse();
    return rows.map((m) => {
      const body = parseBody(openMessage(dataKey, ctx.orgId, conversationId, m.id, m.body));
      return { id: m.id, conversationId, type: m.type, content: body.content, sources: body.sources, createdAt: m.createdAt.toISOString() };
    });
  });
}

/** Stores one message (sealed) in one of the caller's conversations and bumps its lastMessageAt.
 * A short transaction of its own: the engine calls it after a reply has streamed, never during. */
export async function addMessage(ctx: AuthContext, conversationId: string, input: AddMessageInput): Promise<ChatMessageDto> {
  requirePermission(ctx, "coach.use");
  const parsed = addMessageSchema.safeParse(input);
  if (!parsed.success) throw invalidInput("Invalid request body", zodFieldErrors(parsed.error.issues));
  const { type, content } = parsed.data;
  const sources: SourceDto[] = parsed.data.sources ?? [];
  return inOwnRows(ctx, async (tx) => {
    const conv = await ownConversation(tx, ctx, conversationId);
    // The person's question is refused in a read-only workspace; the reply to a question already
    // accepted is still saved.
    if (type === "user") await assertWritable(tx, ctx.orgId);
    const dataKey = dataKeyOf(ctx, conv);
    const id = randomUUID();
    const now = new Date();
    const body = sealMessage(dataKey, ctx.orgId, conversationId, id, JSON.stringify({ content, sources } satisfies StoredBody));
    const row = await tx.chatMessage.create({
      data: { organizationId: ctx.orgId, id, conversationId, userId: ctx.userId, type, body: toBytes(body), createdAt: now },
      select: { id: true, createdAt: true },
    });
    await tx.chatConversation.update({ where: { organizationId_id: { organizationId: ctx.orgId, id: conversationId } }, data: { lastMessageAt: now } });
    return { id: row.id, conversationId, type, content, sources, createdAt: row.createdAt.toISOString() };
  });
}

/** The conversation a message goes to: the caller's own `conversationId` (404 otherwise), or a
 * new one titled from the first message. */
export async function ensureConversation(
  ctx: AuthContext,
  conversationId: string | undefined,
  firstMessage: string,
): Promise<{ conversation: ConversationDto; created: boolean }> {
  if (conversationId === undefined) return { conversation: await createConversation(ctx, { title: firstMessage }), created: true };
  const conversation = await inOwnRows(ctx, async (tx) => toConversationDto(ctx, await ownConversation(tx, ctx, conversationId)));
  return { conversation, created: false };
}

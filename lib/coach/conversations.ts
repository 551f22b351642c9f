import "server-only";
import { randomUUID } from "node:crypto";
import type { AuthContext } from "@/lib/auth/context";
import { requirePermission } from "@/lib/auth/authorize";
import { orgKey, isUuid, withOrg, type Tx } from "@/lib/db/tenant";
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
} from "@/lib/coach/crypto";
import {
  VAULT_KEY_ID,
  scopeOf,
  unwrapDataKeyFromVault,
  vaultForRead,
  vaultForWrite,
  wrapDataKeyInVault,
  writable,
  type SessionVault,
} from "@/lib/vault/vault";
import { addMessageSchema, conversationTitleSchema, TITLE_MAX, type AddMessageInput } from "@/lib/coach/schemas";
import type { ChatMessageDto, ConversationDto, SourceDto } from "@/lib/coach/dto";

// Boss Bot conversations: readable by their author alone. Every query runs inside
// withOrg(ctx.orgId, fn, { userId: ctx.userId }) (row-level security: the organisation policy and
// the restrictive owner policy) AND filters on ctx.userId. Anyone else's id, an admin's call
// included, is "Conversation not found". Titles and messages are stored sealed (lib/coach/crypto.ts)
// under a data key wrapped by the author's vault key (lib/vault/), which only a live session of
// theirs holds; nothing here logs their text. A conversation of a sealed vault (after a password
// reset) is neither listed nor found until the recovery key moves it into the open vault; one from
// before vaults (vaultId null) reads with the master key until it moves into its author's vault
// (once the vault's recovery key is saved). A password reset before that binds it to a sealed
// vault (lib/vault/vault.ts), so the session the new password opens never sees it.

type ConversationRow = {
  id: string;
  title: Uint8Array;
  wrappedKey: Uint8Array;
  keyId: string;
  vaultId: string | null;
  createdAt: Date;
  lastMessageAt: Date;
};
const conversationSelect = {
  id: true,
  title: true,
  wrappedKey: true,
  keyId: true,
  vaultId: true,
  createdAt: true,
  lastMessageAt: true,
} as const;

function inOwnRows<T>(ctx: AuthContext, fn: (tx: Tx) => Promise<T>): Promise<T> {
  requirePermission(ctx, "coach.use");
  return withOrg(ctx.orgId, fn, { userId: ctx.userId });
}

/** The conversations this session can open: its vault's, and those still under the master key. */
const readable = (vault: SessionVault) => ({ OR: [{ vaultId: vault.vaultId }, { vaultId: null }] });

function dataKeyOf(ctx: AuthContext, vault: SessionVault, row: ConversationRow): Buffer {
  if (row.vaultId === null) return unwrapDataKey(masterKeyRing(), row.wrappedKey, row.keyId, ctx.orgId, row.id);
  return unwrapDataKeyFromVault(vault.key, row.wrappedKey, scopeOf(ctx, vault), { kind: "conversation", id: row.id });
}

function toConversationDto(
  ctx: AuthContext,
  vault: SessionVault,
  row: ConversationRow,
  dataKey = dataKeyOf(ctx, vault, row),
): ConversationDto {
  return {
    id: row.id,
    title: openTitle(dataKey, ctx.orgId, row.id, row.title),
    createdAt: row.createdAt.toISOString(),
    lastMessageAt: row.lastMessageAt.toISOString(),
  };
}

/** The caller's own conversation in a vault this session holds, or "Conversation not found"
 * (missing, another person's, another organisation's, a sealed vault's: all alike). */
async function ownConversation(tx: Tx, ctx: AuthContext, vault: SessionVault, id: string): Promise<ConversationRow> {
  if (!isUuid(id)) throw notFound("Conversation");
  const row = await tx.chatConversation.findFirst({
    where: { organizationId: ctx.orgId, userId: ctx.userId, id, ...readable(vault) },
    select: conversationSelect,
  });
  if (!row) throw notFound("Conversation");
  return row;
}

/** The title rule (docs/decisions.md (The coach and its privacy)): the first message, trimmed, at most 50 characters
 * (47 plus "..." when longer). Line breaks and runs of spaces become one space; characters are counted as code points,
 * so an emoji is never cut in half. */
export function conversationTitle(firstMessage: string): string {
  const chars = [...firstMessage.replace(/\s+/g, " ").trim()];
  if (chars.length <= TITLE_MAX) return chars.join("");
  return `${chars.slice(0, TITLE_MAX - 3).join("")}...`;
}

/** The caller's conversations, the most recently active first. */
export async function listConversations(ctx: AuthContext): Promise<ConversationDto[]> {
  const { vault, rows } = await inOwnRows(ctx, async (tx) => {
    const vault = await vaultForRead(tx, ctx);
    const rows = await tx.chatConversation.findMany({
      where: { organizationId: ctx.orgId, userId: ctx.userId, ...readable(vault) },
      select: conversationSelect,
      orderBy: [{ lastMessageAt: "desc" }, { createdAt: "desc" }],
    });
    return { vault, rows };
  });
  return rows.map((r) => toConversationDto(ctx, vault, r));
}

/** A new conversation of the caller's, titled by the title rule. */
export async function createConversation(ctx: AuthContext, input: { title: string }): Promise<ConversationDto> {
  const title = conversationTitle(input.title);
  if (!title) throw invalidInput("Invalid request body", { title: ["Title is required"] });
  return inOwnRows(ctx, async (tx) => {
    await assertWritable(tx, ctx.orgId);
    const vault = await vaultForWrite(tx, ctx);
    const id = randomUUID();
    const dataKey = newDataKey();
    const wrappedKey = wrapDataKeyInVault(vault.key, dataKey, scopeOf(ctx, vault), { kind: "conversation", id });
    const row = await tx.chatConversation.create({
      data: {
        organizationId: ctx.orgId,
        id,
        userId: ctx.userId,
        title: toBytes(sealTitle(dataKey, ctx.orgId, id, title)),
        wrappedKey: toBytes(wrappedKey),
        keyId: VAULT_KEY_ID,
        vaultId: vault.vaultId,
      },
      select: conversationSelect,
    });
    return toConversationDto(ctx, vault, row, dataKey);
  });
}

/** Renames one of the caller's conversations (1-50 characters after trimming). */
export async function renameConversation(ctx: AuthContext, id: string, title: string): Promise<ConversationDto> {
  requirePermission(ctx, "coach.use");
  const parsed = conversationTitleSchema.safeParse(title);
  if (!parsed.success) throw invalidInput("Invalid request body", { title: parsed.error.issues.map((i) => i.message) });
  return inOwnRows(ctx, async (tx) => {
    const vault = await vaultForRead(tx, ctx);
    const row = await ownConversation(tx, ctx, vault, id);
    writable(vault);
    const dataKey = dataKeyOf(ctx, vault, row);
    const updated = await tx.chatConversation.update({
      where: orgKey(ctx.orgId, id),
      data: { title: toBytes(sealTitle(dataKey, ctx.orgId, id, parsed.data)) },
      select: conversationSelect,
    });
    return toConversationDto(ctx, vault, updated, dataKey);
  });
}

/** Deletes one of the caller's conversations with its messages (cascade); its wrapped data key
 * goes with the row, so nothing sealed under it can be opened again. */
export async function deleteConversation(ctx: AuthContext, id: string): Promise<void> {
  await inOwnRows(ctx, async (tx) => {
    await ownConversation(tx, ctx, await vaultForRead(tx, ctx), id);
    const r = await tx.chatConversation.deleteMany({ where: { organizationId: ctx.orgId, userId: ctx.userId, id } });
    if (r.count !== 1) throw notFound("Conversation");
  });
}

type StoredBody = { content: string; sources: SourceDto[] };

function parseBody(text: string): StoredBody {
  const v = JSON.parse(text) as Partial<StoredBody>;
  return {
    content: typeof v.content === "string" ? v.content : "",
    sources: Array.isArray(v.sources) ? v.sources : [],
  };
}

/** The messages of one of the caller's conversations, oldest first. */
export async function listMessages(ctx: AuthContext, conversationId: string): Promise<ChatMessageDto[]> {
  return readMessages(ctx, conversationId);
}

/** The last `limit` messages of one of the caller's conversations, oldest first: the earlier turns
 * the model is given with a new question (only the newest are decrypted). */
export async function recentMessages(
  ctx: AuthContext,
  conversationId: string,
  limit: number,
): Promise<ChatMessageDto[]> {
  return readMessages(ctx, conversationId, limit);
}

async function readMessages(ctx: AuthContext, conversationId: string, last?: number): Promise<ChatMessageDto[]> {
  return inOwnRows(ctx, async (tx) => {
    const vault = await vaultForRead(tx, ctx);
    const conv = await ownConversation(tx, ctx, vault, conversationId);
    const dataKey = dataKeyOf(ctx, vault, conv);
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
      return {
        id: m.id,
        conversationId,
        type: m.type,
        content: body.content,
        sources: body.sources,
        createdAt: m.createdAt.toISOString(),
      };
    });
  });
}

/** Stores one message (sealed) in one of the caller's conversations and bumps its lastMessageAt.
 * A short transaction of its own: the engine calls it after a reply has streamed, never during. */
export async function addMessage(
  ctx: AuthContext,
  conversationId: string,
  input: AddMessageInput,
): Promise<ChatMessageDto> {
  requirePermission(ctx, "coach.use");
  const parsed = addMessageSchema.safeParse(input);
  if (!parsed.success) throw invalidInput("Invalid request body", zodFieldErrors(parsed.error.issues));
  const { type, content } = parsed.data;
  const sources: SourceDto[] = parsed.data.sources ?? [];
  return inOwnRows(ctx, async (tx) => {
    const vault = await vaultForRead(tx, ctx);
    const conv = await ownConversation(tx, ctx, vault, conversationId);
    // The person's question needs a vault whose recovery key is saved; the reply to a question
    // already accepted is saved with the vault this session holds.
    if (type === "user") writable(vault);
    // The person's question is refused in a read-only workspace; the reply to a question already
    // accepted is still saved.
    if (type === "user") await assertWritable(tx, ctx.orgId);
    const dataKey = dataKeyOf(ctx, vault, conv);
    const id = randomUUID();
    const now = new Date();
    const body = sealMessage(
      dataKey,
      ctx.orgId,
      conversationId,
      id,
      JSON.stringify({ content, sources } satisfies StoredBody),
    );
    const row = await tx.chatMessage.create({
      data: {
        organizationId: ctx.orgId,
        id,
        conversationId,
        userId: ctx.userId,
        type,
        body: toBytes(body),
        createdAt: now,
      },
      select: { id: true, createdAt: true },
    });
    await tx.chatConversation.update({
      where: orgKey(ctx.orgId, conversationId),
      data: { lastMessageAt: now },
    });
    return { id: row.id, conversationId, type, content, sources, createdAt: row.createdAt.toISOString() };
  });
}

/** Whether the caller may write a message now, checked before anything is counted or stored, in
 * one short transaction: a workspace that is not read-only, a session holding their vault (409
 * vault_locked), their own conversation when one is named (404), and a vault whose recovery key is
 * saved (409 vault_setup_required). */
export async function assertCanWrite(ctx: AuthContext, conversationId: string | undefined): Promise<void> {
  await inOwnRows(ctx, async (tx) => {
    await assertWritable(tx, ctx.orgId);
    const vault = await vaultForRead(tx, ctx);
    if (conversationId !== undefined) await ownConversation(tx, ctx, vault, conversationId);
    writable(vault);
  });
}

/** The conversation a message goes to: the caller's own `conversationId` (404 otherwise), or a
 * new one titled from the first message. */
export async function ensureConversation(
  ctx: AuthContext,
  conversationId: string | undefined,
  firstMessage: string,
): Promise<{ conversation: ConversationDto; created: boolean }> {
  if (conversationId === undefined)
    return { conversation: await createConversation(ctx, { title: firstMessage }), created: true };
  const conversation = await inOwnRows(ctx, async (tx) => {
    const vault = await vaultForRead(tx, ctx);
    const row = await ownConversation(tx, ctx, vault, conversationId);
    return toConversationDto(ctx, writable(vault), row);
  });
  return { conversation, created: false };
}

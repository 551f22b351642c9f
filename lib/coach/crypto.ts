// Envelope encryption of Boss Bot conversations (node:crypto, no server-only import so that
// scripts/start.ts and scripts/coach-rewrap.ts can use it).
// - Each conversation has its own random 32-byte data key. Its title and every message body are
//   sealed with AES-256-GCM under that key: a 12-byte random IV, the 16-byte tag, stored as
//   iv | tag | ciphertext. The associated data binds a ciphertext to its row (organisation,
//   conversation, and the message id or "title"), so bytes copied to another row fail to open.
// - The data key is stored wrapped (AES-256-GCM, associated data organisation|conversation) by a
//   master key from configuration, whose id the row records (ChatConversation.keyId). Deleting the
//   row destroys the only copy of the data key. Re-wrapping under a new master key
//   (scripts/coach-rewrap.ts) touches the keys only, never the messages.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

export type MasterKey = { id: string; key: Buffer };
/** The configured master keys; `current` wraps new data keys, the others only unwrap. */
export type KeyRing = { current: MasterKey; byId: Map<string, Buffer> };

export type MasterKeyVars = { COACH_MASTER_KEYS?: string; COACH_MASTER_KEY?: string; COACH_MASTER_KEY_ID?: string };

const KEY_ID = /^[A-Za-z0-9._-]{1,64}$/;

function decodeKey(text: string, what: string): Buffer {
  const key = Buffer.from(text.trim(), "base64");
  if (key.length !== KEY_BYTES)
    throw new Error(`${what} must be ${KEY_BYTES} bytes in base64 (openssl rand -base64 32)`);
  return key;
}

/** The master keys named by the configuration, or null when none is configured.
 * COACH_MASTER_KEYS="k2:<base64>,k1:<base64>" (first is current) wins over
 * COACH_MASTER_KEY + COACH_MASTER_KEY_ID (default id "k1"). Throws on a malformed value. */
export function parseMasterKeys(vars: MasterKeyVars): KeyRing | null {
  const list: MasterKey[] = [];
  if (vars.COACH_MASTER_KEYS?.trim()) {
    for (const part of vars.COACH_MASTER_KEYS.split(",")
      .map((p) => p.trim())
      .filter(Boolean)) {
      const at = part.indexOf(":");
      const id = at > 0 ? part.slice(0, at) : "";
      if (!KEY_ID.test(id)) throw new Error("COACH_MASTER_KEYS must be a comma-separated list of id:base64key");
      list.push({ id, key: decodeKey(part.slice(at + 1), `COACH_MASTER_KEYS key '${id}'`) });
    }
  } else if (vars.COACH_MASTER_KEY?.trim()) {
    const id = vars.COACH_MASTER_KEY_ID?.trim() || "k1";
    if (!KEY_ID.test(id))
      throw new Error("COACH_MASTER_KEY_ID may hold letters, digits, '.', '_' and '-' (at most 64)");
    list.push({ id, key: decodeKey(vars.COACH_MASTER_KEY, "COACH_MASTER_KEY") });
  }
  if (!list.length) return null;
  const byId = new Map<string, Buffer>();
  for (const k of list) {
    if (byId.has(k.id)) throw new Error(`Master key id '${k.id}' is listed twice`);
    byId.set(k.id, k.key);
  }
  return { current: list[0]!, byId };
}

const LOCAL_MASTER_KEY_FILE = "coach-master-key";

/** A master key generated once per data folder when none is configured (like the auth secret;
 * several instances must share a configured key). The file holds "id:base64key", mode 600. */
export function localMasterKey(dataDir: string): MasterKey {
  const file = path.join(dataDir, LOCAL_MASTER_KEY_FILE);
  if (!existsSync(file)) {
    try {
      writeFileSync(file, `local1:${randomBytes(KEY_BYTES).toString("base64")}`, { mode: 0o600, flag: "wx" });
    } catch (err) {
      // Another process wrote it first: read theirs.
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
  }
  const text = readFileSync(file, "utf8").trim();
  const at = text.indexOf(":");
  const id = text.slice(0, at);
  if (at <= 0 || !KEY_ID.test(id)) throw new Error(`${file} must hold id:base64key`);
  return { id, key: decodeKey(text.slice(at + 1), file) };
}

let cachedRing: KeyRing | undefined;

/** The process's key ring: from the configuration, else the data folder's generated key. */
export function masterKeyRing(): KeyRing {
  if (cachedRing) return cachedRing;
  const e = process.env;
  const configured = parseMasterKeys({
    COACH_MASTER_KEYS: e.COACH_MASTER_KEYS,
    COACH_MASTER_KEY: e.COACH_MASTER_KEY,
    COACH_MASTER_KEY_ID: e.COACH_MASTER_KEY_ID,
  });
  if (configured) return (cachedRing = configured);
  const local = localMasterKey(path.resolve(process.env.DATA_DIR ?? ".data"));
  return (cachedRing = { current: local, byId: new Map([[local.id, local.key]]) });
}

/** Tests only: forget the cached key ring so a changed configuration is read again. */
export function resetMasterKeyRingForTests(): void {
  cachedRing = undefined;
}

export function seal(key: Buffer, plaintext: Buffer, aad: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(aad, "utf8"));
  const ct = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ct]);
}

/** Opens iv | tag | ciphertext; throws when the bytes, the key or the associated data differ. */
export function open(key: Buffer, sealed: Uint8Array, aad: string): Buffer {
  const b = Buffer.from(sealed);
  if (b.length < IV_BYTES + TAG_BYTES) throw new Error("coach ciphertext is too short");
  const decipher = createDecipheriv("aes-256-gcm", key, b.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(aad, "utf8"));
  decipher.setAuthTag(b.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(b.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}

const wrapAad = (orgId: string, conversationId: string) => `coach-key|${orgId}|${conversationId}`;
const titleAad = (orgId: string, conversationId: string) => `coach-title|${orgId}|${conversationId}|title`;
const messageAad = (orgId: string, conversationId: string, messageId: string) =>
  `coach-message|${orgId}|${conversationId}|${messageId}`;

export function newDataKey(): Buffer {
  return randomBytes(KEY_BYTES);
}

/** The data key wrapped by the ring's current master key, and that key's id. */
export function wrapDataKey(
  ring: KeyRing,
  dataKey: Buffer,
  orgId: string,
  conversationId: string,
): { wrappedKey: Buffer; keyId: string } {
  return { wrappedKey: seal(ring.current.key, dataKey, wrapAad(orgId, conversationId)), keyId: ring.current.id };
}

export function unwrapDataKey(
  ring: KeyRing,
  wrappedKey: Uint8Array,
  keyId: string,
  orgId: string,
  conversationId: string,
): Buffer {
  const master = ring.byId.get(keyId);
  if (!master) throw new Error(`coach master key '${keyId}' is not configured (COACH_MASTER_KEYS)`);
  return open(master, wrappedKey, wrapAad(orgId, conversationId));
}

export function sealTitle(dataKey: Buffer, orgId: string, conversationId: string, title: string): Buffer {
  return seal(dataKey, Buffer.from(title, "utf8"), titleAad(orgId, conversationId));
}

export function openTitle(dataKey: Buffer, orgId: string, conversationId: string, sealed: Uint8Array): string {
  return open(dataKey, sealed, titleAad(orgId, conversationId)).toString("utf8");
}

export function sealMessage(
  dataKey: Buffer,
  orgId: string,
  conversationId: string,
  messageId: string,
  body: string,
): Buffer {
  return seal(dataKey, Buffer.from(body, "utf8"), messageAad(orgId, conversationId, messageId));
}

export function openMessage(
  dataKey: Buffer,
  orgId: string,
  conversationId: string,
  messageId: string,
  sealed: Uint8Array,
): string {
  return open(dataKey, sealed, messageAad(orgId, conversationId, messageId)).toString("utf8");
}

/** Bytes as Prisma's Bytes columns take them (a Uint8Array over its own ArrayBuffer). */
export function toBytes(b: Buffer): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(b.length);
  out.set(b);
  return out;
}

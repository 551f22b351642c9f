import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  localMasterKey,
  newDataKey,
  open,
  openMessage,
  openTitle,
  parseMasterKeys,
  seal,
  sealMessage,
  sealTitle,
  unwrapDataKey,
  wrapDataKey,
} from "@/lib/coach/crypto";

// The envelope encryption of lib/coach/crypto.ts, without a database.
const ORG = "0b6f3c1e-8a52-4d7e-9f10-3c2a1b4d5e6f";
const CONV = "5d2c9a7e-1f3b-4c8d-a6e5-7b9c0d1e2f3a";
const MSG = "9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b";
const key64 = () => randomBytes(32).toString("base64");

describe("seal / open", () => {
  it("round-trips and stores iv | tag | ciphertext", () => {
    const key = newDataKey();
    const sealed = seal(key, Buffer.from("hello"), "aad");
    expect(sealed).toHaveLength(12 + 16 + 5);
    expect(open(key, sealed, "aad").toString()).toBe("hello");
    // A fresh IV each time: the same text seals differently.
    expect(seal(key, Buffer.from("hello"), "aad").equals(sealed)).toBe(false);
  });

  it("fails on another key, other associated data, a flipped bit or short bytes", () => {
    const key = newDataKey();
    const sealed = seal(key, Buffer.from("hello"), "aad");
    expect(() => open(newDataKey(), sealed, "aad")).toThrow();
    expect(() => open(key, sealed, "aad2")).toThrow();
    for (const at of [0, 12, 28]) {
      const bad = Buffer.from(sealed);
      bad[at] = bad[at]! ^ 1;
      expect(() => open(key, bad, "aad")).toThrow();
    }
    expect(() => open(key, sealed.subarray(0, 20), "aad")).toThrow(/too short/);
  });

  it("binds titles and messages to their organisation, conversation and message", () => {
    const key = newDataKey();
    const title = sealTitle(key, ORG, CONV, "Private title");
    expect(openTitle(key, ORG, CONV, title)).toBe("Private title");
    expect(() => openTitle(key, ORG, MSG, title)).toThrow();
    expect(() => openTitle(key, CONV, CONV, title)).toThrow();
    const body = sealMessage(key, ORG, CONV, MSG, "Private message");
    expect(openMessage(key, ORG, CONV, MSG, body)).toBe("Private message");
    expect(() => openMessage(key, ORG, CONV, CONV, body)).toThrow();
    expect(() => openMessage(key, ORG, MSG, MSG, body)).toThrow();
    // A title is not a message and the other way round.
    expect(() => openMessage(key, ORG, CONV, "title", title)).toThrow();
  });
});

describe("master keys", () => {
  it("wraps data keys with the current key and unwraps with any listed one", () => {
    const [k1, k2] = [key64(), key64()];
    const old = parseMasterKeys({ COACH_MASTER_KEY: k1 })!;
    expect(old.current.id).toBe("k1");
    const dataKey = newDataKey();
    const w = wrapDataKey(old, dataKey, ORG, CONV);
    expect(w.keyId).toBe("k1");
    expect(w.wrappedKey).toHaveLength(12 + 16 + 32);
    const ring = parseMasterKeys({ COACH_MASTER_KEYS: `k2:${k2}, k1:${k1}`, COACH_MASTER_KEY: key64() })!;
    expect(ring.current.id).toBe("k2");
    expect(unwrapDataKey(ring, w.wrappedKey, w.keyId, ORG, CONV).equals(dataKey)).toBe(true);
    expect(wrapDataKey(ring, dataKey, ORG, CONV).keyId).toBe("k2");
    // Bound to its conversation, and its key must be known.
    expect(() => unwrapDataKey(ring, w.wrappedKey, w.keyId, ORG, MSG)).toThrow();
    expect(() =>
      unwrapDataKey(parseMasterKeys({ COACH_MASTER_KEYS: `k2:${k2}` })!, w.wrappedKey, "k1", ORG, CONV),
    ).toThrow(/'k1' is not configured/);
  });

  it("reads COACH_MASTER_KEY_ID and refuses malformed configuration", () => {
    expect(parseMasterKeys({})).toBeNull();
    expect(parseMasterKeys({ COACH_MASTER_KEYS: " " })).toBeNull();
    expect(parseMasterKeys({ COACH_MASTER_KEY: key64(), COACH_MASTER_KEY_ID: "2026-11" })!.current.id).toBe("2026-11");
    expect(() => parseMasterKeys({ COACH_MASTER_KEY: "c2hvcnQ=" })).toThrow(/32 bytes/);
    expect(() => parseMasterKeys({ COACH_MASTER_KEYS: key64() })).toThrow(/id:base64key/);
    const k = key64();
    expect(() => parseMasterKeys({ COACH_MASTER_KEYS: `a:${k},a:${k}` })).toThrow(/twice/);
    expect(() => parseMasterKeys({ COACH_MASTER_KEY: key64(), COACH_MASTER_KEY_ID: "bad id" })).toThrow();
  });

  it("generates one local key per data folder, mode 600, and reads the same one again", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "coach-key-"));
    const a = localMasterKey(dir);
    const b = localMasterKey(dir);
    expect(a.id).toBe("local1");
    expect(a.key).toHaveLength(32);
    expect(b.key.equals(a.key)).toBe(true);
    const file = path.join(dir, "coach-master-key");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8")).toBe(`local1:${a.key.toString("base64")}`);
    expect(localMasterKey(mkdtempSync(path.join(os.tmpdir(), "coach-key-"))).key.equals(a.key)).toBe(false);
  });
});

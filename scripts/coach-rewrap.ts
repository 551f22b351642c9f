// `npm run coach:rewrap`: re-wraps every Boss Bot conversation's data key under the current master
// key (the first of COACH_MASTER_KEYS), reading the old ones from the same list. Only the small
// wrapped keys change: titles and messages stay as they are, sealed under their conversation's own
// data key (the point of envelope encryption). Once it reports nothing left under an old key, that
// key can be dropped from COACH_MASTER_KEYS.
//
// It connects as the database owner (DATABASE_URL, or the embedded PostgreSQL of DATA_DIR that
// `npm start` runs), which must look past row-level security (a superuser or BYPASSRLS role):
// conversations are otherwise readable by their author alone. Batch by batch, one transaction each,
// printing counts; it never reads or prints a title or message. Conversations in a personal vault
// (keyId "vault") are not under any master key at all and are left alone: only their author's
// vault key opens them. Those from before vaults that a password reset bound to a sealed vault
// (vaultId set, keyId still a master key's) are still under a master key and are re-wrapped too.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { localMasterKey, parseMasterKeys, unwrapDataKey, wrapDataKey, type KeyRing } from "@/lib/coach/crypto";

export type RewrapResult = { rewrapped: number; alreadyCurrent: number; failed: number; batches: number };

type Row = { organizationId: string; id: string; wrappedKey: Buffer; keyId: string };

/** Re-wraps, batch by batch, every conversation whose key is not wrapped by `ring.current`. A
 * conversation whose key cannot be unwrapped (its master key is not in the ring) is counted as
 * failed and left as it is. */
export async function rewrapAll(
  client: pg.Client,
  ring: KeyRing,
  opts: { batchSize?: number; log?: (line: string) => void } = {},
): Promise<RewrapResult> {
  const batchSize = opts.batchSize ?? 500;
  const log = opts.log ?? (() => undefined);
  const bypass = await client.query<{ ok: boolean }>(
    `SELECT rolsuper OR rolbypassrls AS ok FROM pg_roles WHERE rolname = current_user`,
  );
  if (!bypass.rows[0]?.ok)
    throw new Error(
      "coach:rewrap must connect as a role that bypasses row-level security (the database owner as superuser, or BYPASSRLS)",
    );
  const current = ring.current.id;
  const { rows: countRows } = await client.query<{ n: string }>(
    `SELECT count(*) AS n FROM "ChatConversation" WHERE "keyId" = $1`,
    [current],
  );
  const result: RewrapResult = { rewrapped: 0, alreadyCurrent: Number(countRows[0]?.n ?? 0), failed: 0, batches: 0 };
  // Keyset pagination over the rows still under an old key; failed rows are stepped over.
  let after: [string, string] = ["00000000-0000-0000-0000-000000000000", "00000000-0000-0000-0000-000000000000"];
  for (;;) {
    await client.query("BEGIN");
    try {
      const { rows } = await client.query<Row>(
        `SELECT "organizationId", "id", "wrappedKey", "keyId" FROM "ChatConversation"
          WHERE "keyId" <> $1 AND "keyId" <> 'vault' AND ("organizationId", "id") > ($2::uuid, $3::uuid)
          ORDER BY "organizationId", "id" LIMIT $4 FOR UPDATE`,
        [current, after[0], after[1], batchSize],
      );
      if (!rows.length) {
        await client.query("COMMIT");
        break;
      }
      let done = 0;
      let failed = 0;
      for (const r of rows) {
        try {
          const dataKey = unwrapDataKey(ring, r.wrappedKey, r.keyId, r.organizationId, r.id);
          const { wrappedKey, keyId } = wrapDataKey(ring, dataKey, r.organizationId, r.id);
          await client.query(
            `UPDATE "ChatConversation" SET "wrappedKey" = $1, "keyId" = $2 WHERE "organizationId" = $3 AND "id" = $4`,
            [wrappedKey, keyId, r.organizationId, r.id],
          );
          done++;
        } catch {
          failed++;
        }
      }
      await client.query("COMMIT");
      const last = rows[rows.length - 1]!;
      after = [last.organizationId, last.id];
      result.rewrapped += done;
      result.failed += failed;
      result.batches++;
      log(
        `batch ${result.batches}: ${done} re-wrapped${failed ? `, ${failed} could not be unwrapped (master key missing?)` : ""}`,
      );
    } catch (err) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw err;
    }
  }
  return result;
}

function ownerUrl(root: string): string {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const dataDir = path.resolve(root, process.env.DATA_DIR ?? ".data");
  const pwFile = path.join(dataDir, "pg-superuser-password");
  const portFile = path.join(dataDir, "pg-port");
  if (!existsSync(pwFile) || !existsSync(portFile))
    throw new Error(
      "Set DATABASE_URL (the owner's connection), or run `npm start` once so the embedded database exists",
    );
  const pw = readFileSync(pwFile, "utf8").trim();
  return `postgresql://postgres:${encodeURIComponent(pw)}@127.0.0.1:${readFileSync(portFile, "utf8").trim()}/pulsewell`;
}

function ringFromConfig(root: string): KeyRing {
  const e = process.env;
  const configured = parseMasterKeys({
    COACH_MASTER_KEYS: e.COACH_MASTER_KEYS,
    COACH_MASTER_KEY: e.COACH_MASTER_KEY,
    COACH_MASTER_KEY_ID: e.COACH_MASTER_KEY_ID,
  });
  if (configured) return configured;
  const local = localMasterKey(path.resolve(root, e.DATA_DIR ?? ".data"));
  return { current: local, byId: new Map([[local.id, local.key]]) };
}

async function main(): Promise<void> {
  const root = path.resolve(import.meta.dirname, "..");
  if (existsSync(path.join(root, ".env"))) process.loadEnvFile(path.join(root, ".env"));
  const ring = ringFromConfig(root);
  const client = new pg.Client({ connectionString: ownerUrl(root) });
  await client.connect();
  try {
    console.log(
      `Re-wrapping Boss Bot data keys under master key '${ring.current.id}' (known: ${[...ring.byId.keys()].join(", ")})`,
    );
    const r = await rewrapAll(client, ring, { log: (l) => console.log(l) });
    console.log(
      `Done: ${r.rewrapped} re-wrapped in ${r.batches} batch(es), ${r.alreadyCurrent} already under '${ring.current.id}', ${r.failed} failed.`,
    );
    if (r.failed) process.exitCode = 1;
  } finally {
    await client.end();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  });
}

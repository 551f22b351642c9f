import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Tx } from "@/lib/db/tenant";
import { EMBEDDING_DIMS } from "@/lib/library/semantic/encoder-model";
import { decodeVector } from "@/lib/library/semantic/vector-codec";

// An organisation's stored vectors as one matrix in memory, reloaded only when they changed. Every
// retrieval asks the database for the vectors' version (count and newest write, one index scan), so
// an instance never answers from vectors another instance has replaced. At most MAX_ORGS matrices
// are kept (least recently used first out): 2,000 items are about 40 MB as float32.

const MAX_ORGS = 8;

export type OrgIndex = {
  version: string;
  ids: string[];
  rowItem: Int32Array;
  matrix: Float32Array;
  rows: number;
  itemStart: Int32Array;
  centroids: Float32Array;
};
export type OrgLibraryState = { version: string; hidden: string[]; stale: number };

const g = globalThis as unknown as { pulsewellOrgIndexes?: Map<string, OrgIndex> };
const cache = (): Map<string, OrgIndex> => (g.pulsewellOrgIndexes ??= new Map());

/** The version of the organisation's vectors, its hidden built-ins, and (when `countStale`) how many
 * items are newer than their vectors (the embedding job is due). One round trip. */
export async function orgLibraryState(tx: Tx, orgId: string, countStale = true): Promise<OrgLibraryState> {
  const stale = countStale
    ? Prisma.sql`(SELECT count(*) FROM "LeadershipContent" c
                   WHERE c."organizationId" = ${orgId}::uuid
                     AND NOT EXISTS (SELECT 1 FROM "LibraryEmbedding" e
                                      WHERE e."organizationId" = c."organizationId" AND e."contentId" = c.id AND e.section = 0 AND e."embeddedAt" = c."updatedAt"))::int`
    : Prisma.sql`0`;
  const [row] = await tx.$queryRaw<{ n: number; at: Date | null; hidden: string[]; stale: number }[]>(Prisma.sql`
    SELECT (SELECT count(*) FROM "LibraryEmbedding" WHERE "organizationId" = ${orgId}::uuid)::int AS n,
           (SELECT max("embeddedAt") FROM "LibraryEmbedding" WHERE "organizationId" = ${orgId}::uuid) AS at,
           coalesce((SELECT array_agg("builtinId") FROM "HiddenBuiltinContent" WHERE "organizationId" = ${orgId}::uuid), '{}') AS hidden,
           ${stale} AS stale`);
  return { version: `${row?.n ?? 0}:${row?.at?.getTime() ?? 0}`, hidden: row?.hidden ?? [], stale: row?.stale ?? 0 };
}

/** The organisation's matrix at `version`, from memory or loaded now. */
export async function orgIndex(tx: Tx, orgId: string, version: string): Promise<OrgIndex> {
  const c = cache();
  const hit = c.get(orgId);
  if (hit && hit.version === version) {
    c.delete(orgId);
    c.set(orgId, hit);
    return hit;
  }
  const rows = await tx.$queryRaw<{ contentId: string; scale: number; vector: Uint8Array }[]>(Prisma.sql`
    SELECT "contentId"::text AS "contentId", scale, vector FROM "LibraryEmbedding"
     WHERE "organizationId" = ${orgId}::uuid ORDER BY "contentId", section`);
  const ids: string[] = [];
  const rowItem = new Int32Array(rows.length);
  const matrix = new Float32Array(rows.length * EMBEDDING_DIMS);
  rows.forEach((r, i) => {
    if (ids[ids.length - 1] !== r.contentId) ids.push(r.contentId);
    rowItem[i] = ids.length - 1;
    decodeVector({ scale: Number(r.scale), bytes: r.vector }, matrix, i);
  });
  // Per item: its first row and its mean vector (normalised), for the shortlist of a large library.
  const itemStart = new Int32Array(ids.length + 1);
  const centroids = new Float32Array(ids.length * EMBEDDING_DIMS);
  for (let r = 0; r < rows.length; r++) {
    const item = rowItem[r]!;
    if (r === 0 || rowItem[r - 1] !== item) itemStart[item] = r;
    for (let i = 0; i < EMBEDDING_DIMS; i++) centroids[item * EMBEDDING_DIMS + i]! += matrix[r * EMBEDDING_DIMS + i]!;
  }
  itemStart[ids.length] = rows.length;
  for (let item = 0; item < ids.length; item++) {
    let norm = 0;
    for (let i = 0; i < EMBEDDING_DIMS; i++) norm += centroids[item * EMBEDDING_DIMS + i]! ** 2;
    norm = Math.sqrt(norm) || 1;
    for (let i = 0; i < EMBEDDING_DIMS; i++)
      centroids[item * EMBEDDING_DIMS + i] = centroids[item * EMBEDDING_DIMS + i]! / norm;
  }
  const index: OrgIndex = { version, ids, rowItem, matrix, rows: rows.length, itemStart, centroids };
  c.delete(orgId);
  c.set(orgId, index);
  while (c.size > MAX_ORGS) c.delete(c.keys().next().value!);
  return index;
}

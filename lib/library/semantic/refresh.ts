import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { withOrg, type Tx } from "@/lib/db/tenant";
import { boss } from "@/lib/jobs/boss";
import { jobsInTransaction } from "@/lib/jobs/in-transaction";
import { QUEUES, type LibraryEmbedJob } from "@/lib/jobs/queues";
import { embedTexts } from "@/lib/library/semantic/encoder";
import { orgItemSections, sectionHash } from "@/lib/library/semantic/sections";
import { encodeVector, type StoredVector } from "@/lib/library/semantic/vector-codec";

// Keeps an organisation's stored vectors in step with its library items. The work runs as a job
// (library-embed), never inside a request: a 2,000-item import is minutes of CPU. The job reads
// which items are newer than their vectors, embeds only the sections whose text changed (a section
// is named by the hash of its text, so an unchanged section is never embedded again), and writes
// each item's rows in one short transaction, skipping an item edited while it was being embedded
// (it stays due and the next round takes it). Items deleted take their rows with them (foreign key).

/** Items embedded per round: bounds the memory and the length of each write. */
const ITEMS_PER_ROUND = 50;

type DueItem = { id: string; title: string; content: string; tags: string[]; updatedAt: Date };

/** Queues the organisation's embedding job in the caller's transaction (it exists once the change
 * commits). One at a time per organisation; a change made while one runs is found by its next round. */
export async function queueLibraryEmbed(tx: Tx, orgId: string): Promise<void> {
  const job: LibraryEmbedJob = { orgId };
  const b = await boss();
  await b.send(QUEUES.libraryEmbed.name, job, {
    ...QUEUES.libraryEmbed.options,
    singletonKey: orgId,
    db: jobsInTransaction(tx),
  });
}

/** The same, outside a transaction (retrieval's safety net when it meets a stale item). */
export async function requestLibraryEmbed(orgId: string): Promise<void> {
  const job: LibraryEmbedJob = { orgId };
  const b = await boss();
  await b.send(QUEUES.libraryEmbed.name, job, { ...QUEUES.libraryEmbed.options, singletonKey: orgId });
}

async function dueItems(orgId: string): Promise<DueItem[]> {
  return withOrg(orgId, (tx) =>
    tx.$queryRaw<DueItem[]>(Prisma.sql`
      SELECT c.id::text AS id, c.title, c.content, c.tags, c."updatedAt"
        FROM "LeadershipContent" c
       WHERE c."organizationId" = ${orgId}::uuid
         AND NOT EXISTS (SELECT 1 FROM "LibraryEmbedding" e
                          WHERE e."organizationId" = c."organizationId" AND e."contentId" = c.id AND e.section = 0 AND e."embeddedAt" = c."updatedAt")
       ORDER BY c."updatedAt", c.id
       LIMIT ${ITEMS_PER_ROUND}`),
  );
}

/** Embeds every item of the organisation whose vectors are missing or older than its text. */
export async function refreshLibraryEmbeddings(orgId: string): Promise<{ items: number; embedded: number }> {
  let items = 0;
  let embedded = 0;
  const skipped = new Set<string>();
  for (;;) {
    const due = (await dueItems(orgId)).filter((i) => !skipped.has(i.id));
    if (due.length === 0) break;
    const ids = due.map((i) => i.id);
    const existing = await withOrg(orgId, (tx) =>
      tx.libraryEmbedding.findMany({
        where: { organizationId: orgId, contentId: { in: ids } },
        select: { textHash: true, scale: true, vector: true },
      }),
    );
    // Any stored vector of the same text is reused, whichever item it belongs to.
    const byHash = new Map<string, StoredVector>(
      existing.map((r) => [r.textHash, { scale: r.scale, bytes: r.vector }]),
    );
    const plans = due.map((item) => ({ item, texts: orgItemSections(item) }));
    const toEmbed = [...new Set(plans.flatMap((p) => p.texts).filter((t) => !byHash.has(sectionHash(t))))];
    const vectors = await embedTexts(toEmbed, "bulk");
    const fresh = new Map(toEmbed.map((t, i) => [sectionHash(t), encodeVector(vectors[i]!)]));
    embedded += toEmbed.length;
    for (const { item, texts } of plans) {
      const written = await withOrg(orgId, async (tx) => {
        // Locked, so an edit committing meanwhile is seen (it waits for this write, or this waits
        // for it and then skips the item).
        const [now] = await tx.$queryRaw<{ updatedAt: Date }[]>(Prisma.sql`
          SELECT "updatedAt" FROM "LeadershipContent" WHERE "organizationId" = ${orgId}::uuid AND id = ${item.id}::uuid FOR UPDATE`);
        // Deleted or edited since it was read: nothing to write now; an edit is due again.
        if (!now || now.updatedAt.getTime() !== item.updatedAt.getTime()) return false;
        await tx.libraryEmbedding.deleteMany({ where: { organizationId: orgId, contentId: item.id } });
        await tx.libraryEmbedding.createMany({
          data: texts.map((t, section) => {
            const hash = sectionHash(t);
            const stored = fresh.get(hash) ?? byHash.get(hash)!;
            // embeddedAt names the version of the text (the item's updatedAt), never a clock of
            // this process: an item is due exactly when the two differ.
            return {
              organizationId: orgId,
              contentId: item.id,
              section,
              textHash: hash,
              scale: stored.scale,
              vector: new Uint8Array(stored.bytes),
              embeddedAt: item.updatedAt,
            };
          }),
        });
        return true;
      });
      if (written) items++;
      // Either way not again in this run: written is done, and a changed item waits for its own job.
      skipped.add(item.id);
    }
  }
  return { items, embedded };
}

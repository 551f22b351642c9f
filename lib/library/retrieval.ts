import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Tx } from "@/lib/db/tenant";
import { BUILTIN_LIBRARY } from "@/lib/library/builtin";
import { buildVocabulary, searchTerms, type Vocabulary } from "@/lib/library/query-terms";
import { SYNONYM_GROUPS } from "@/lib/library/synonyms";
import type { ContentCategory, ContentType } from "@/lib/library/schemas";

export type RetrievedItem = {
  id: string;
  source: "org" | "builtin";
  title: string;
  category: ContentCategory;
  contentType: ContentType;
  content: string;
  score: number;
};

// Retrieval for Boss Bot: PostgreSQL full-text search over the generated weighted "search" columns
// (title A, tags B, content C) with the question's words joined by OR (plainto_tsquery demands
// every word), ranked by ts_rank_cd normalised to 0..1, with a small boost for priority and for a
// title that resembles the question (pg_trgm word_similarity). Misspelt words are corrected to the
// nearest library word and synonyms are added before the query (query-terms.ts). One round trip
// over the organisation's items and the built-ins it has not hidden. Below RELEVANCE_FLOOR the
// library has nothing on the question and the answer is [] (tuned on tests/fixtures/coach-questions*).

export const RELEVANCE_FLOOR = 0.1;
const DEFAULT_LIMIT = 5;

let vocabulary: Vocabulary | undefined;
function libraryVocabulary(): Vocabulary {
  vocabulary ??= buildVocabulary([...BUILTIN_LIBRARY.flatMap((i) => [i.title, i.tags.join(" "), i.situation, i.approach, i.script, i.nextSteps.join(" ")]), ...SYNONYM_GROUPS.flat()]);
  return vocabulary;
}

type Row = { id: string; source: "org" | "builtin"; title: string; category: ContentCategory; contentType: ContentType; content: string; score: number };

export async function retrieve(tx: Tx, orgId: string, question: string, opts: { limit?: number; floor?: number } = {}): Promise<RetrievedItem[]> {
  const limit = Math.min(Math.max(opts.limit ?? DEFAULT_LIMIT, 1), 20);
  const floor = opts.floor ?? RELEVANCE_FLOOR;
  const terms = searchTerms(question.slice(0, 4000), libraryVocabulary());
  if (!terms) return [];
  const rows = await tx.$queryRaw<Row[]>(Prisma.sql`
    WITH q AS (
      SELECT CASE WHEN numnode(p) = 0 THEN p ELSE replace(p::text, ' & ', ' | ')::tsquery END AS tsq
        FROM plainto_tsquery('english', ${terms}) AS p
    ),
    items AS (
      SELECT 'org'::text AS source, c.id::text AS id, c.title, c.category, c."contentType", c.content, c.priority, c.search
        FROM "LeadershipContent" c, q WHERE c."organizationId" = ${orgId}::uuid AND c.search @@ q.tsq
      UNION ALL
      SELECT 'builtin'::text, b.id, b.title, b.category, b."contentType", b.content, b.priority, b.search
        FROM "BuiltinContent" b, q
       WHERE b.search @@ q.tsq
         AND NOT EXISTS (SELECT 1 FROM "HiddenBuiltinContent" h WHERE h."organizationId" = ${orgId}::uuid AND h."builtinId" = b.id)
    ),
    scored AS (
      SELECT i.source, i.id, i.title, i.category, i."contentType", i.content,
             (ts_rank_cd(i.search, q.tsq, 1 | 32) * (1 + 0.04 * (i.priority - 3)) + 0.1 * word_similarity(i.title, ${terms}))::float8 AS score
        FROM items i, q
    )
    SELECT source, id, title, category::text AS category, "contentType"::text AS "contentType", content, score
      FROM scored WHERE score >= ${floor}
     ORDER BY score DESC, id
     LIMIT ${limit}`);
  return rows.map((r) => ({ ...r, score: Number(r.score) }));
}

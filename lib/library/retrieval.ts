import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { withOrg, type Tx } from "@/lib/db/tenant";
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
  /** Cosine similarity of the question with the item's best-matching section (-1..1). */
  semantic: number;
};

// Retrieval for Boss Bot, one SQL round trip over the organisation's items and the built-ins it has
// not hidden. The question's content words (generic ones dropped, misspellings corrected to the
// nearest library word by trigram similarity) and, at half weight, their synonyms are stemmed by
// PostgreSQL ('english') and matched one by one against the generated weighted "search" columns
// (title A, tags B, content C): any word may match (OR; requiring every word finds nothing for
// natural questions). Each item scores the sum over matching words of weight x IDF (rarer words
// count more, so "team" does not outrank "burnout") x saturated ts_rank (a title hit counts more
// than a body hit), times a small priority boost. Relevance is the share of the question's total IDF
// weight an item covers. Two cuts: the question is answered only when its best item covers at least
// RELEVANCE_FLOOR (out-of-scope questions such as "How do I file my taxes?" cover little and get []),
// and then every item covering at least ITEM_FLOOR may be cited (a supporting item often covers
// less than the best one). Both were chosen on the tuning half of tests/fixtures/coach-questions*
// and are reported on the held-out half (`npm run eval:retrieval -- --tune`).
export const RELEVANCE_FLOOR = 0.21;
export const ITEM_FLOOR = 0.05;
const TF_SATURATION = 0.1;
const SYNONYM_WEIGHT = 0.5;
const DEFAULT_LIMIT = 5;

let vocabulary: Vocabulary | undefined;
function libraryVocabulary(): Vocabulary {
  vocabulary ??= buildVocabulary([...BUILTIN_LIBRARY.flatMap((i) => [i.title, i.tags.join(" "), i.situation, i.approach, i.script, i.nextSteps.join(" ")]), ...SYNONYM_GROUPS.flat()]);
  return vocabulary;
}

type Row = { id: string; source: "org" | "builtin"; title: string; category: ContentCategory; contentType: ContentType; content: string; score: number };

export async function retrieve(tx: Tx, orgId: string, question: string, opts: { limit?: number; floor?: number; itemFloor?: number } = {}): Promise<RetrievedItem[]> {
  const limit = Math.min(Math.max(opts.limit ?? DEFAULT_LIMIT, 1), 20);
  const floor = opts.floor ?? RELEVANCE_FLOOR;
  const itemFloor = Math.min(opts.itemFloor ?? ITEM_FLOOR, floor);
  const terms = searchTerms(question.slice(0, 4000), libraryVocabulary());
  if (!terms.own && !terms.synonyms) return [];
  const rows = await tx.$queryRaw<Row[]>(Prisma.sql`
    WITH words AS (
      SELECT l AS lex, 1.0::float8 AS w FROM unnest(tsvector_to_array(to_tsvector('english', ${terms.own}))) AS l
      UNION ALL
      SELECT l, ${SYNONYM_WEIGHT}::float8 FROM unnest(tsvector_to_array(to_tsvector('english', ${terms.synonyms}))) AS l
    ),
    lex AS (SELECT lex, max(w) AS w, quote_literal(lex)::tsquery AS tsq FROM words GROUP BY lex),
    anyq AS (SELECT string_agg(quote_literal(lex), ' | ')::tsquery AS q FROM lex),
    -- "|| ''" makes each matching document's tsvector a value of its own, detoasted once: kept as
    -- the stored (TOASTed) column, every word's @@ and ts_rank below would detoast it again
    -- (2,000 long items: p95 70 ms -> 35 ms, eval:retrieval --load=2000).
    docs AS MATERIALIZED (
      SELECT 'org'::text AS source, c.id::text AS id, c.priority, c.search || ''::tsvector AS search
        FROM "LeadershipContent" c WHERE c."organizationId" = ${orgId}::uuid AND c.search @@ (SELECT q FROM anyq)
      UNION ALL
      SELECT 'builtin'::text, b.id, b.priority, b.search || ''::tsvector
        FROM "BuiltinContent" b
       WHERE b.search @@ (SELECT q FROM anyq) AND NOT EXISTS (SELECT 1 FROM "HiddenBuiltinContent" h WHERE h."organizationId" = ${orgId}::uuid AND h."builtinId" = b.id)
    ),
    n AS (
      SELECT ((SELECT count(*) FROM "LeadershipContent" WHERE "organizationId" = ${orgId}::uuid)
            + (SELECT count(*) FROM "BuiltinContent")
            - (SELECT count(*) FROM "HiddenBuiltinContent" WHERE "organizationId" = ${orgId}::uuid))::float8 AS n
    ),
    hits AS (
      SELECT d.source, d.id, lex.lex, lex.w, ts_rank(d.search, lex.tsq)::float8 AS tf FROM docs d JOIN lex ON d.search @@ lex.tsq
    ),
    df AS (SELECT lex, count(*)::float8 AS df FROM hits GROUP BY lex),
    qmax AS (
      SELECT sum(lex.w * ln(1 + (n.n - coalesce(df.df, 0) + 0.5) / (coalesce(df.df, 0) + 0.5))) AS m
        FROM lex LEFT JOIN df USING (lex) CROSS JOIN n
    ),
    scored AS (
      SELECT h.source, h.id, sum(h.w * ln(1 + (n.n - df.df + 0.5) / (df.df + 0.5)) * h.tf / (h.tf + ${TF_SATURATION})) AS s
        FROM hits h JOIN df USING (lex) CROSS JOIN n GROUP BY h.source, h.id
    ),
    top AS (
      SELECT d.source, d.id, (s.s * (1 + 0.04 * (d.priority - 3)))::float8 AS score
        FROM scored s JOIN docs d ON d.source = s.source AND d.id = s.id
       WHERE s.s / (SELECT m FROM qmax) >= ${itemFloor}
         AND (SELECT max(s2.s) FROM scored s2) / (SELECT m FROM qmax) >= ${floor}
       ORDER BY score DESC, d.id
       LIMIT ${limit}
    )
    SELECT t.source, t.id, coalesce(c.title, b.title) AS title, coalesce(c.category, b.category)::text AS category,
           coalesce(c."contentType", b."contentType")::text AS "contentType", coalesce(c.content, b.content) AS content, t.score
      FROM top t
      LEFT JOIN "LeadershipContent" c ON t.source = 'org' AND c."organizationId" = ${orgId}::uuid AND c.id::text = t.id
      LEFT JOIN "BuiltinContent" b ON t.source = 'builtin' AND b.id = t.id
     ORDER BY t.score DESC, t.id`);
  return rows.map((r) => ({ ...r, score: Number(r.score), semantic: 0 }));
}

/** The library items about this question, best first; [] when the library holds nothing on it. */
export async function searchLibrary(orgId: string, query: string, opts: { limit?: number } = {}): Promise<RetrievedItem[]> {
  return withOrg(orgId, (tx) => retrieve(tx, orgId, query, opts));
}

import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { withOrg, type Tx } from "@/lib/db/tenant";
import { BUILTIN_LIBRARY, builtinMarkdown } from "@/lib/library/builtin";
import { embedTexts } from "@/lib/library/semantic/encoder";
import { builtinIndex, offTopicIndex } from "@/lib/library/semantic/builtin-vectors";
import { orgIndex, orgLibraryState } from "@/lib/library/semantic/org-index";
import {
  combineSemantic,
  maxCosine,
  rankCandidates,
  RANKING,
  sectionScores,
  type Candidate,
} from "@/lib/library/semantic/rank";
import { requestLibraryEmbed } from "@/lib/library/semantic/refresh";
import { log } from "@/lib/log/logger";
import { buildVocabulary, searchTerms, type Vocabulary } from "@/lib/library/query-terms";
import { SYNONYM_GROUPS } from "@/lib/library/synonyms";
import type { SourceItemDto } from "@/lib/library/source-item";

/** A library item as Boss Bot cites it, with how well it answers the question. */
export type RetrievedItem = SourceItemDto & {
  score: number;
  /** Cosine similarity of the question with the item's best-matching section (-1..1). */
  semantic: number;
  /** The lexical ranker's coverage: the share of the question's weighted words the item holds (0..1). */
  lexical: number;
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
const RELEVANCE_FLOOR = 0.21;
const ITEM_FLOOR = 0.05;
const TF_SATURATION = 0.1;
const SYNONYM_WEIGHT = 0.5;
const DEFAULT_LIMIT = 5;

let vocabulary: Vocabulary | undefined;
function libraryVocabulary(): Vocabulary {
  vocabulary ??= buildVocabulary([
    ...BUILTIN_LIBRARY.flatMap((i) => [
      i.title,
      i.tags.join(" "),
      i.situation,
      i.approach,
      i.script,
      i.nextSteps.join(" "),
    ]),
    ...SYNONYM_GROUPS.flat(),
  ]);
  return vocabulary;
}

type Row = SourceItemDto & { score: number; coverage: number };

/** `orgIds`: rank only these organisation items (a large library's semantic candidates); the
 * built-ins are always ranked. */
export async function retrieve(
  tx: Tx,
  orgId: string,
  question: string,
  opts: { limit?: number; floor?: number; itemFloor?: number; orgIds?: string[] } = {},
): Promise<RetrievedItem[]> {
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
         AND ${opts.orgIds === undefined ? Prisma.sql`true` : Prisma.sql`c.id = ANY(${opts.orgIds}::uuid[])`}
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
    -- The same over the words some item holds: the fusion's coverage, which a name or a word the
    -- library never uses does not dilute (the semantic gate, not this, decides "nothing on this").
    qknown AS (
      SELECT sum(lex.w * ln(1 + (n.n - df.df + 0.5) / (df.df + 0.5))) AS m
        FROM lex JOIN df USING (lex) CROSS JOIN n
    ),
    scored AS (
      SELECT h.source, h.id, sum(h.w * ln(1 + (n.n - df.df + 0.5) / (df.df + 0.5)) * h.tf / (h.tf + ${TF_SATURATION})) AS s
        FROM hits h JOIN df USING (lex) CROSS JOIN n GROUP BY h.source, h.id
    ),
    top AS (
      SELECT d.source, d.id, (s.s * (1 + 0.04 * (d.priority - 3)))::float8 AS score, (s.s / (SELECT m FROM qknown))::float8 AS coverage
        FROM scored s JOIN docs d ON d.source = s.source AND d.id = s.id
       WHERE s.s / (SELECT m FROM qmax) >= ${itemFloor}
         AND (SELECT max(s2.s) FROM scored s2) / (SELECT m FROM qmax) >= ${floor}
       ORDER BY score DESC, d.id
       LIMIT ${limit}
    )
    SELECT t.source, t.id, coalesce(c.title, b.title) AS title, coalesce(c.category, b.category)::text AS category,
           coalesce(c."contentType", b."contentType")::text AS "contentType", coalesce(c.content, b.content) AS content, t.score, t.coverage
      FROM top t
      LEFT JOIN "LeadershipContent" c ON t.source = 'org' AND c."organizationId" = ${orgId}::uuid AND c.id::text = t.id
      LEFT JOIN "BuiltinContent" b ON t.source = 'builtin' AND b.id = t.id
     ORDER BY t.score DESC, t.id`);
  return rows.map(({ coverage, ...r }) => ({ ...r, score: Number(r.score), semantic: 0, lexical: Number(coverage) }));
}

/** Lexical candidates the fusion considers beside the semantic ones. */
const LEXICAL_CANDIDATES = 20;
/** In a library larger than this, only the items whose mean vector is among the best this many
 * are scored section by section (2,000 items: 11,000 rows scanned become about 1,100 plus 2,000). */
const ORG_SHORTLIST = 200;
/** A large library's organisation items whose words are ranked: the best by meaning. */
const SEMANTIC_CANDIDATES = 60;
const QUESTION_CHARS = 2000;
/** How long a question waits for its vector (measured p95 16 ms; the model's first load 0.3 s). */
const EMBED_WAIT_MS = 2000;
const builtinById = new Map(BUILTIN_LIBRARY.map((b) => [b.id, b]));
const key = (source: "org" | "builtin", id: string) => `${source}:${id}`;

let lastStaleCheck = new Map<string, number>();
/** Whether this request also counts the items newer than their vectors (a scan of the
 * organisation's items): at most every 30 seconds per organisation and process. */
function staleCheckDue(orgId: string): boolean {
  const now = Date.now();
  if ((lastStaleCheck.get(orgId) ?? 0) > now - 30_000) return false;
  if (lastStaleCheck.size > 1000) lastStaleCheck = new Map();
  lastStaleCheck.set(orgId, now);
  return true;
}

let lastStaleRequest = new Map<string, number>();
/** Asks for the organisation's embedding job when retrieval meets items newer than their vectors
 * (a job lost or dropped); at most once a minute per organisation and process. */
function nudgeEmbedding(orgId: string): void {
  const now = Date.now();
  if ((lastStaleRequest.get(orgId) ?? 0) > now - 60_000) return;
  if (lastStaleRequest.size > 1000) lastStaleRequest = new Map();
  lastStaleRequest.set(orgId, now);
  requestLibraryEmbed(orgId).catch((err: unknown) => log.error("library.embed_request_failed", { err }));
}

/**
 * Boss Bot's retrieval: the library items about this question, best first; [] when the library
 * holds nothing on it. The question is embedded on the encoder thread while the lexical ranker
 * runs; every item (the organisation's and the built-ins it has not hidden) gets its best section's
 * cosine; the two scores are fused and cut (lib/library/semantic/rank.ts). One short transaction.
 * `followUp`: the query continues an earlier question of the conversation (lib/coach/follow-up.ts).
 * Should the encoder fail, the lexical ranker answers alone with its own floors.
 */
export async function searchLibrary(
  orgId: string,
  query: string,
  opts: { limit?: number; followUp?: boolean } = {},
): Promise<RetrievedItem[]> {
  const limit = Math.min(Math.max(opts.limit ?? DEFAULT_LIMIT, 1), 20);
  const text = query.slice(0, QUESTION_CHARS);
  // Never waited for long with a database connection held: a busy or stuck encoder leaves the
  // question to the words alone.
  const embedding = Promise.race([
    embedTexts([text], "interactive").then(
      ([v]) => v ?? null,
      (err: unknown) => {
        log.error("library.question_embedding_failed", { err });
        return null;
      },
    ),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), EMBED_WAIT_MS).unref()),
  ]);
  const builtins = Promise.all([builtinIndex(), offTopicIndex()]).catch((err: unknown) => {
    log.error("library.builtin_index_failed", { err });
    return null;
  });
  return withOrg(orgId, async (tx) => {
    const state = await orgLibraryState(tx, orgId, staleCheckDue(orgId));
    if (state.stale > 0) nudgeEmbedding(orgId);
    const org = await orgIndex(tx, orgId, state.version);
    // A small library: the lexical statement runs in the database while this thread waits for the
    // question's vector and scans the matrices. A large one: ranking words in 2,000 long items was
    // the slowest part (30-40 ms), so words are ranked for its semantic candidates only, after the
    // scan; an item saved seconds ago, without vectors yet, waits for the embedding job there.
    const large = org.ids.length > ORG_SHORTLIST;
    const lexicalQuery = large
      ? null
      : retrieve(tx, orgId, text, { limit: LEXICAL_CANDIDATES, floor: 0, itemFloor: 0 });
    // Awaited below; until then a failure must not count as unhandled.
    lexicalQuery?.catch(() => undefined);
    const [q, shipped] = await Promise.all([embedding, builtins]);
    if (!q || !shipped) {
      await lexicalQuery;
      return retrieve(tx, orgId, text, { limit });
    }
    const [bi, offTopic] = shipped;

    const semantic = new Map<string, number>();
    const hidden = new Set(state.hidden);
    const asks = sectionScores(q, bi.asks, hidden);
    for (const [id, docs] of sectionScores(q, bi.docs, hidden))
      semantic.set(key("builtin", id), combineSemantic(asks.get(id), docs)!);
    for (const [id, docs] of sectionScores(q, org, undefined, ORG_SHORTLIST))
      semantic.set(key("org", id), combineSemantic(undefined, docs)!);
    const offTopicScore = maxCosine(q, offTopic);
    const orgCandidates = large
      ? [...semantic]
          .filter(([k]) => k.startsWith("org:"))
          .sort((a, b) => b[1] - a[1])
          .slice(0, SEMANTIC_CANDIDATES)
          .map(([k]) => k.slice(4))
      : undefined;
    const lexical = lexicalQuery
      ? await lexicalQuery
      : await retrieve(tx, orgId, text, { limit: LEXICAL_CANDIDATES, floor: 0, itemFloor: 0, orgIds: orgCandidates });
    const lexicalByKey = new Map(lexical.map((l) => [key(l.source, l.id), l]));
    const bySemantic = [...semantic].sort((a, b) => b[1] - a[1]).slice(0, LEXICAL_CANDIDATES);
    const keys = new Set([...lexicalByKey.keys(), ...bySemantic.map(([k]) => k)]);
    // An organisation item without vectors yet (saved moments ago) ranks on its words alone.
    const embeddedOrg = new Set(org.ids);
    const candidates: Candidate[] = [...keys].map((k) => ({
      key: k,
      semantic: semantic.get(k) ?? (k.startsWith("org:") && !embeddedOrg.has(k.slice(4)) ? null : 0),
      lexical: lexicalByKey.get(k)?.lexical ?? 0,
    }));
    // A follow-up continues a conversation the library answered: "do I talk to them together or
    // separately first?" reads like small talk on its own, so only the gate applies to it, not the
    // comparison with the off-topic exemplars.
    const ranked = rankCandidates(
      candidates,
      limit,
      opts.followUp ? { ...RANKING, margin: Infinity } : RANKING,
      offTopicScore,
    );

    // Titles and texts: the lexical rows carry theirs, built-ins are in memory, the rest is read.
    const missingOrg = ranked
      .filter((r) => !lexicalByKey.has(r.key) && r.key.startsWith("org:"))
      .map((r) => r.key.slice(4));
    const orgRows = missingOrg.length
      ? await tx.leadershipContent.findMany({
          where: { organizationId: orgId, id: { in: missingOrg } },
          select: { id: true, title: true, category: true, contentType: true, content: true },
        })
      : [];
    const orgById = new Map(orgRows.map((r) => [r.id, r]));
    const out: RetrievedItem[] = [];
    for (const r of ranked) {
      const known = lexicalByKey.get(r.key);
      const [source, id] = [
        r.key.startsWith("org:") ? ("org" as const) : ("builtin" as const),
        r.key.slice(r.key.indexOf(":") + 1),
      ];
      const base = known ?? (source === "org" ? orgById.get(id) : builtinItemRow(id));
      if (!base) continue; // deleted since its vectors were loaded
      out.push({
        id,
        source,
        title: base.title,
        category: base.category,
        contentType: base.contentType,
        content: base.content,
        score: r.fused,
        semantic: r.semantic ?? 0,
        lexical: r.lexical,
      });
    }
    return out;
  });
}

function builtinItemRow(id: string): Pick<SourceItemDto, "title" | "category" | "contentType" | "content"> | undefined {
  const b = builtinById.get(id);
  return b
    ? { title: b.title, category: b.category, contentType: b.contentType, content: builtinMarkdown(b) }
    : undefined;
}

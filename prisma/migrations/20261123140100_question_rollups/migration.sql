-- Per-question rollups: custom survey questions have no dimension, so SurveyRollup (per metric)
-- cannot hold them and their results showed nowhere. One row per survey, team (nil UUID: the
-- whole organisation) and question, kept by the submission function in the same statement as
-- the answers, so results read a few rows per question and never the raw answers.

-- CreateTable
CREATE TABLE "SurveyQuestionRollup" (
    "organizationId" UUID NOT NULL,
    "surveyId" UUID NOT NULL,
    "teamId" UUID NOT NULL,
    "questionId" UUID NOT NULL,
    "n" INTEGER NOT NULL DEFAULT 0,
    "sum" INTEGER NOT NULL DEFAULT 0,
    "counts" INTEGER[],

    CONSTRAINT "SurveyQuestionRollup_pkey" PRIMARY KEY ("organizationId","surveyId","teamId","questionId")
);

-- counts[v + 1] (SQL arrays start at 1) holds the answers of value v = 0..10. Prisma cannot say
-- NOT NULL for a list column, so a check says it, and keeps the length fixed.
ALTER TABLE "SurveyQuestionRollup" ADD CONSTRAINT "SurveyQuestionRollup_counts_check" CHECK ("counts" IS NOT NULL AND cardinality("counts") = 11);

-- AddForeignKey
ALTER TABLE "SurveyQuestionRollup" ADD CONSTRAINT "SurveyQuestionRollup_organizationId_surveyId_fkey" FOREIGN KEY ("organizationId", "surveyId") REFERENCES "Survey"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SurveyQuestionRollup" ADD CONSTRAINT "SurveyQuestionRollup_organizationId_questionId_fkey" FOREIGN KEY ("organizationId", "questionId") REFERENCES "SurveyQuestion"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Row-level security, as for every tenant table (see 20261122000100).
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['SurveyQuestionRollup']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING ("organizationId" = app_current_org()) WITH CHECK ("organizationId" = app_current_org())', t);
  END LOOP;
END
$$;

GRANT SELECT, INSERT, UPDATE, DELETE ON "SurveyQuestionRollup" TO pulsewell_app;

-- Answers stored before this migration, counted once. FORCE ROW LEVEL SECURITY applies to the
-- table owner too, so each organisation is scoped in turn as withOrg() does (the owner may list
-- organisations: the owner_lookup policy of 20261122000100).
DO $$
DECLARE
  org uuid;
BEGIN
  FOR org IN SELECT id FROM "Organization" LOOP
    PERFORM set_config('app.org_id', org::text, true);
    INSERT INTO "SurveyQuestionRollup" ("organizationId", "surveyId", "teamId", "questionId", n, sum, counts)
    SELECT org, r."surveyId", g.team, a."questionId", count(*)::int, coalesce(sum(a.value), 0)::int,
           ARRAY[count(*) FILTER (WHERE a.value = 0), count(*) FILTER (WHERE a.value = 1), count(*) FILTER (WHERE a.value = 2),
                 count(*) FILTER (WHERE a.value = 3), count(*) FILTER (WHERE a.value = 4), count(*) FILTER (WHERE a.value = 5),
                 count(*) FILTER (WHERE a.value = 6), count(*) FILTER (WHERE a.value = 7), count(*) FILTER (WHERE a.value = 8),
                 count(*) FILTER (WHERE a.value = 9), count(*) FILTER (WHERE a.value = 10)]::int[]
    FROM "SurveyAnswer" a
    JOIN "SurveyResponse" r ON r."organizationId" = a."organizationId" AND r.id = a."responseId"
    CROSS JOIN LATERAL (VALUES (r."teamId"), ('00000000-0000-0000-0000-000000000000'::uuid)) AS g(team)
    WHERE a."organizationId" = org AND g.team IS NOT NULL
    GROUP BY r."surveyId", g.team, a."questionId";
  END LOOP;
  PERFORM set_config('app.org_id', '', true);
END
$$;

-- The submission function, now also adding each answer to its question's rollups (otherwise as
-- in 20261122160100; same signature, so the application's call does not change). Rows are taken
-- in a fixed order (team, then question) like the metric rollups, so concurrent submissions
-- never deadlock.
CREATE OR REPLACE FUNCTION app_submit_response(
  org uuid, survey uuid, token_hash text, taker uuid,
  question_ids uuid[], answer_values integer[], answer_texts text[],
  metrics text[], ns integer[], sums double precision[], promoters integer[], detractors integer[]
) RETURNS boolean
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
AS $$
DECLARE
  team uuid;
  response uuid := gen_random_uuid();
  groups uuid[];
BEGIN
  PERFORM set_config('app.org_id', org::text, true);
  UPDATE "SurveyInvitation" i SET "usedAt" = now()
  FROM "Survey" s
  WHERE i."organizationId" = org AND i."surveyId" = survey AND i."usedAt" IS NULL
    AND ((token_hash IS NOT NULL AND i."tokenHash" = token_hash) OR (token_hash IS NULL AND i."userId" = taker))
    AND s."organizationId" = org AND s.id = survey AND s.status = 'active' AND (s."closesAt" IS NULL OR s."closesAt" > now())
  RETURNING i."teamId" INTO team;
  IF NOT FOUND THEN
    RETURN false;
  END IF;

  INSERT INTO "SurveyResponse" ("organizationId", id, "surveyId", "teamId") VALUES (org, response, survey, team);
  INSERT INTO "SurveyAnswer" ("organizationId", "responseId", "questionId", value, text)
  SELECT org, response, a.q, a.v, a.t FROM unnest(question_ids, answer_values, answer_texts) AS a(q, v, t);

  groups := CASE WHEN team IS NULL THEN ARRAY['00000000-0000-0000-0000-000000000000'::uuid]
                 ELSE ARRAY(SELECT g FROM unnest(ARRAY[team, '00000000-0000-0000-0000-000000000000'::uuid]) g ORDER BY g) END;
  INSERT INTO "SurveyRollup" ("organizationId", "surveyId", "teamId", metric, n, sum, promoters, detractors)
  SELECT org, survey, g, m.metric, m.n, m.sum, m.p, m.d
  FROM unnest(groups) WITH ORDINALITY AS gg(g, gi)
  CROSS JOIN unnest(metrics, ns, sums, promoters, detractors) WITH ORDINALITY AS m(metric, n, sum, p, d, mi)
  ORDER BY gi, m.metric
  ON CONFLICT ("organizationId", "surveyId", "teamId", metric) DO UPDATE SET
    n = "SurveyRollup".n + EXCLUDED.n, sum = "SurveyRollup".sum + EXCLUDED.sum,
    promoters = "SurveyRollup".promoters + EXCLUDED.promoters, detractors = "SurveyRollup".detractors + EXCLUDED.detractors;

  -- One answer per question: n 1, its value as the sum, and a one-hot distribution (all zeros
  -- for a text answer), added element by element to the row already there.
  INSERT INTO "SurveyQuestionRollup" ("organizationId", "surveyId", "teamId", "questionId", n, sum, counts)
  SELECT org, survey, g, a.q, 1, coalesce(a.v, 0),
         ARRAY(SELECT coalesce((x = a.v)::int, 0) FROM generate_series(0, 10) AS x ORDER BY x)
  FROM unnest(groups) WITH ORDINALITY AS gg(g, gi)
  CROSS JOIN unnest(question_ids, answer_values) AS a(q, v)
  ORDER BY gi, a.q
  ON CONFLICT ("organizationId", "surveyId", "teamId", "questionId") DO UPDATE SET
    n = "SurveyQuestionRollup".n + EXCLUDED.n, sum = "SurveyQuestionRollup".sum + EXCLUDED.sum,
    counts = ARRAY(SELECT u.was + u.added FROM unnest("SurveyQuestionRollup".counts, EXCLUDED.counts) WITH ORDINALITY AS u(was, added, i) ORDER BY u.i);

  INSERT INTO "SurveyParticipation" ("organizationId", "surveyId", "teamId", invited, responded)
  SELECT org, survey, g, 0, 1 FROM unnest(groups) AS g
  ON CONFLICT ("organizationId", "surveyId", "teamId") DO UPDATE SET responded = "SurveyParticipation".responded + 1;

  UPDATE "Survey" SET "responseCount" = "responseCount" + 1 WHERE "organizationId" = org AND id = survey;
  RETURN true;
END
$$;

-- The day-3 reminder carries a link of its own and the first e-mail's link keeps working: both
-- hashes sit on the one invitation row, so whichever link is used first spends the invitation and
-- the other with it (still one response per person).
ALTER TABLE "SurveyInvitation" ADD COLUMN "reminderTokenHash" TEXT;
CREATE UNIQUE INDEX "SurveyInvitation_organizationId_reminderTokenHash_key" ON "SurveyInvitation"("organizationId", "reminderTokenHash");

-- The submission function, as in 20261123140100, accepting either link.
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
    AND ((token_hash IS NOT NULL AND (i."tokenHash" = token_hash OR i."reminderTokenHash" = token_hash)) OR (token_hash IS NULL AND i."userId" = taker))
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

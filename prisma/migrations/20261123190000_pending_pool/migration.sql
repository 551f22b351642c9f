-- Results are released when a survey closes, and answers are folded in at close, not at submit
-- (decisions.md, 'Surveys and anonymity'; issue 8). Before this migration a submission marked its
-- invitation used (with the time) and stored the response in the same transaction, so both rows
-- carried the same xmin and responses sat in the order of the invitations' usedAt: a join inside
-- one organisation matched every response to an e-mail address.
--
-- 1. An invitation keeps whether it was used, not when.
-- 2. A pending pool holds the answers of open surveys (no person, token or time). Closing a survey
--    folds the pool into SurveyResponse/SurveyAnswer and the rollups in one transaction, in a random
--    order (lib/surveys/fold.ts), then deletes the pool rows and vacuums the table.
-- 3. Existing data: the answers of surveys still open move to the pool and their rollups go (they
--    are folded again at close); the answers of closed surveys are written again with new ids, in a
--    random order and in this migration's transaction, so none shares an xmin with an invitation.
-- 4. The submission function stores into the pool.

-- 1 ---------------------------------------------------------------------------------------------
ALTER TABLE "SurveyInvitation" ADD COLUMN "used" BOOLEAN NOT NULL DEFAULT false;
DO $$
DECLARE
  org uuid;
BEGIN
  -- FORCE ROW LEVEL SECURITY applies to the table owner too: each organisation in turn.
  FOR org IN SELECT id FROM "Organization" LOOP
    PERFORM set_config('app.org_id', org::text, true);
    UPDATE "SurveyInvitation" SET "used" = true WHERE "organizationId" = org AND "usedAt" IS NOT NULL;
  END LOOP;
END
$$;
ALTER TABLE "SurveyInvitation" DROP COLUMN "usedAt";

-- 2 ---------------------------------------------------------------------------------------------
CREATE TABLE "SurveyPendingResponse" (
    "organizationId" UUID NOT NULL,
    "id" UUID NOT NULL,
    "surveyId" UUID NOT NULL,
    "teamId" UUID,
    "answers" JSONB NOT NULL,

    CONSTRAINT "SurveyPendingResponse_pkey" PRIMARY KEY ("organizationId","id")
);
CREATE INDEX "SurveyPendingResponse_organizationId_surveyId_idx" ON "SurveyPendingResponse"("organizationId", "surveyId");
ALTER TABLE "SurveyPendingResponse" ADD CONSTRAINT "SurveyPendingResponse_organizationId_surveyId_fkey" FOREIGN KEY ("organizationId", "surveyId") REFERENCES "Survey"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

DO $$
BEGIN
  ALTER TABLE "SurveyPendingResponse" ENABLE ROW LEVEL SECURITY;
  ALTER TABLE "SurveyPendingResponse" FORCE ROW LEVEL SECURITY;
  CREATE POLICY tenant_isolation ON "SurveyPendingResponse" USING ("organizationId" = app_current_org()) WITH CHECK ("organizationId" = app_current_org());
  -- The fold vacuums the pool after deleting a survey's rows, so their dead tuples do not linger
  -- (PostgreSQL 17 added the MAINTAIN privilege; on older servers autovacuum does it later).
  IF current_setting('server_version_num')::int >= 170000 THEN
    EXECUTE 'GRANT MAINTAIN ON "SurveyPendingResponse" TO pulsewell_app';
  END IF;
END
$$;
GRANT SELECT, INSERT, UPDATE, DELETE ON "SurveyPendingResponse" TO pulsewell_app;

-- 3 ---------------------------------------------------------------------------------------------
DO $$
DECLARE
  org uuid;
BEGIN
  FOR org IN SELECT id FROM "Organization" LOOP
    PERFORM set_config('app.org_id', org::text, true);

    -- Open surveys: answers to the pool, rollups gone until the fold.
    INSERT INTO "SurveyPendingResponse" ("organizationId", id, "surveyId", "teamId", answers)
    SELECT org, gen_random_uuid(), r."surveyId", r."teamId",
           coalesce((SELECT jsonb_agg(jsonb_build_object('q', a."questionId", 'v', a.value, 't', a.text))
                     FROM "SurveyAnswer" a WHERE a."organizationId" = org AND a."responseId" = r.id), '[]'::jsonb)
    FROM "SurveyResponse" r JOIN "Survey" s ON s."organizationId" = org AND s.id = r."surveyId"
    WHERE r."organizationId" = org AND s.status <> 'closed'
    ORDER BY random();
    DELETE FROM "SurveyResponse" r USING "Survey" s
    WHERE r."organizationId" = org AND s."organizationId" = org AND s.id = r."surveyId" AND s.status <> 'closed';
    DELETE FROM "SurveyRollup" x USING "Survey" s
    WHERE x."organizationId" = org AND s."organizationId" = org AND s.id = x."surveyId" AND s.status <> 'closed';
    DELETE FROM "SurveyQuestionRollup" x USING "Survey" s
    WHERE x."organizationId" = org AND s."organizationId" = org AND s.id = x."surveyId" AND s.status <> 'closed';

    -- Closed surveys: every response and answer written again, new ids, random order.
    CREATE TEMP TABLE migrate_responses ON COMMIT DROP AS
      SELECT id AS old_id, gen_random_uuid() AS new_id, "surveyId", "teamId", random() AS ord
      FROM "SurveyResponse" WHERE "organizationId" = org;
    CREATE TEMP TABLE migrate_answers ON COMMIT DROP AS
      SELECT m.new_id, m.ord, a."questionId", a.value, a.text
      FROM "SurveyAnswer" a JOIN migrate_responses m ON m.old_id = a."responseId"
      WHERE a."organizationId" = org;
    DELETE FROM "SurveyResponse" WHERE "organizationId" = org;
    INSERT INTO "SurveyResponse" ("organizationId", id, "surveyId", "teamId")
    SELECT org, new_id, "surveyId", "teamId" FROM migrate_responses ORDER BY ord;
    INSERT INTO "SurveyAnswer" ("organizationId", "responseId", "questionId", value, text)
    SELECT org, new_id, "questionId", value, text FROM migrate_answers ORDER BY ord, "questionId";
    -- Rollups of closed surveys were written by the submissions: rewrite them in this transaction.
    UPDATE "SurveyRollup" SET n = n WHERE "organizationId" = org;
    UPDATE "SurveyQuestionRollup" SET n = n WHERE "organizationId" = org;
    DROP TABLE migrate_responses;
    DROP TABLE migrate_answers;
  END LOOP;
END
$$;

-- 4 ---------------------------------------------------------------------------------------------
DROP FUNCTION app_submit_response(uuid, uuid, text, uuid, uuid[], integer[], text[], text[], integer[], double precision[], integer[], integer[]);

-- One survey submission in one autocommit call (SECURITY INVOKER: the application role under
-- row-level security; it scopes its own transaction to the organisation first, as withOrg() does).
--   1. A shared advisory lock on the survey: closing it (lib/surveys/round-lifecycle.ts) takes the
--      same lock exclusively before it folds the pool, so it waits for submissions in flight and
--      later ones wait for it, then find the survey closed: no answer lands in the pool after the
--      fold read it. Advisory locks live in memory and shared ones never wait for each other.
--   2. Spend the link (an unused invitation of an open survey) with a conditional update; answer
--      false when none is spent (the caller finds out why).
--   3. Store the answers in the pending pool: the attributed team and the answers, no person, token
--      or time, a random id.
-- Nothing else: no counter row is shared by a round's submissions, so they never queue behind one
-- another's commits. While the survey is open its participation is counted from the invitations
-- (lib/surveys/participation.ts); the fold stores the counts at close.
CREATE FUNCTION app_submit_response(
  org uuid, survey uuid, token_hash text, taker uuid,
  question_ids uuid[], answer_values integer[], answer_texts text[]
) RETURNS boolean
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
AS $$
DECLARE
  team uuid;
BEGIN
  PERFORM set_config('app.org_id', org::text, true);
  PERFORM pg_advisory_xact_lock_shared(hashtextextended('survey-fold:' || survey::text, 0));
  UPDATE "SurveyInvitation" i SET "used" = true
  FROM "Survey" s
  WHERE i."organizationId" = org AND i."surveyId" = survey AND NOT i."used"
    AND ((token_hash IS NOT NULL AND (i."tokenHash" = token_hash OR i."reminderTokenHash" = token_hash)) OR (token_hash IS NULL AND i."userId" = taker))
    AND s."organizationId" = org AND s.id = survey AND s.status = 'active' AND (s."closesAt" IS NULL OR s."closesAt" > now())
  RETURNING i."teamId" INTO team;
  IF NOT FOUND THEN
    RETURN false;
  END IF;

  INSERT INTO "SurveyPendingResponse" ("organizationId", id, "surveyId", "teamId", answers)
  SELECT org, gen_random_uuid(), survey, team,
         coalesce(jsonb_agg(jsonb_build_object('q', a.q, 'v', a.v, 't', a.t)), '[]'::jsonb)
  FROM unnest(question_ids, answer_values, answer_texts) AS a(q, v, t);
  RETURN true;
END
$$;
REVOKE ALL ON FUNCTION app_submit_response(uuid, uuid, text, uuid, uuid[], integer[], text[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION app_submit_response(uuid, uuid, text, uuid, uuid[], integer[], text[]) TO pulsewell_app;

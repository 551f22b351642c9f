-- Open answers are unlinkable: a submission no longer writes its invitation. Before, it set
-- SurveyInvitation.used and inserted the pending answer in one transaction, so both rows carried
-- the same xmin and one join matched every pending answer to an e-mail address.
--
-- 1. The pending answer carries a single-use marker, a hash of the raw link token under its own
--    label (lib/surveys/marker.ts), unique per survey: a second submit with one link is refused by
--    the index, and nothing the database holds recomputes a marker.
-- 2. The submission function (prisma/sql/app_submit_response.sql) takes the marker instead of a
--    signed-in person's id, reads the invitation without writing it, and accepts only the first
--    e-mail's link (reminders carry no link of their own any more).
-- "used", "reminderTokenHash" and "remindedAt" stay for the invitations spent or reminded before;
-- nothing writes them now.

-- 1 ---------------------------------------------------------------------------------------------
ALTER TABLE "SurveyPendingResponse" ADD COLUMN "marker" TEXT;
CREATE UNIQUE INDEX "SurveyPendingResponse_organizationId_surveyId_marker_key" ON "SurveyPendingResponse"("organizationId", "surveyId", "marker");

-- 2 ---------------------------------------------------------------------------------------------
DROP FUNCTION app_submit_response(uuid, uuid, text, uuid, uuid[], integer[], text[]);
CREATE OR REPLACE FUNCTION app_submit_response(
  org uuid, survey uuid, token_hash text, answer_marker text,
  question_ids uuid[], answer_values integer[], answer_texts text[]
) RETURNS boolean
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
AS $$
DECLARE
  team uuid;
  stored integer;
BEGIN
  PERFORM set_config('app.org_id', org::text, true);
  PERFORM pg_advisory_xact_lock_shared(hashtextextended('survey-fold:' || survey::text, 0));
  SELECT i."teamId" INTO team
  FROM "SurveyInvitation" i
  JOIN "Survey" s ON s."organizationId" = i."organizationId" AND s.id = i."surveyId"
  WHERE i."organizationId" = org AND i."tokenHash" = token_hash AND i."surveyId" = survey AND NOT i."used"
    AND s.status = 'active' AND (s."closesAt" IS NULL OR s."closesAt" > now());
  IF NOT FOUND THEN
    RETURN false;
  END IF;

  INSERT INTO "SurveyPendingResponse" ("organizationId", id, "surveyId", "teamId", answers, marker)
  SELECT org, gen_random_uuid(), survey, team,
         coalesce(jsonb_agg(jsonb_build_object('q', a.q, 'v', a.v, 't', a.t)), '[]'::jsonb), answer_marker
  FROM unnest(question_ids, answer_values, answer_texts) AS a(q, v, t)
  ON CONFLICT ("organizationId", "surveyId", marker) DO NOTHING;
  GET DIAGNOSTICS stored = ROW_COUNT;
  RETURN stored = 1;
END
$$;

-- Only the application role may call it.
REVOKE ALL ON FUNCTION app_submit_response(uuid, uuid, text, text, uuid[], integer[], text[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION app_submit_response(uuid, uuid, text, text, uuid[], integer[], text[]) TO pulsewell_app;

-- app_submit_response: one survey submission, in one autocommit call.
-- Called by lib/surveys/submit.ts (submitResponse) after it has checked the answers against the
-- survey's questions. Its shape comes from issue 8 (anonymity: the pending pool).
--
-- Who runs it: the application role (pulsewell_app), as SECURITY INVOKER, so row-level security
-- applies. It scopes its own transaction to the organisation first (set_config('app.org_id', ...,
-- true)), as withOrg() does for every other unit of work: a submission is a single statement, so
-- it needs no interactive transaction and holds its locks only while it commits.
--
-- Arguments:
--   org, survey      the workspace (from the Host) and the survey being answered
--   token_hash       sha-256 of the personal link's token (the invitation or the reminder link),
--                    or NULL when a signed-in person answers without a link
--   taker            the signed-in person's id when token_hash is NULL, else NULL
--   question_ids, answer_values, answer_texts
--                    the answers as three parallel arrays, one element per answered question:
--                    a scale/eNPS answer has a value and a NULL text, a text answer the reverse
-- Returns true when the answers were stored, false when no link was spent (unknown or used link,
-- survey not open or past its close date); the caller then reads why and answers 404 or 409.
--
-- What it locks, in this order:
--   1. A SHARED advisory lock on 'survey-fold:<survey>'. Closing a survey
--      (lib/surveys/round-lifecycle.ts) takes the same lock EXCLUSIVELY before it folds the pool
--      into the results. Shared locks never wait for each other, so submissions run side by side;
--      a close waits for the submissions in flight, and submissions that come after it wait for
--      the close and then find the survey closed. So no answer lands in the pool after the fold
--      read it.
--   2. The one invitation row it spends (the UPDATE's row lock). The Survey row is only read (an
--      UPDATE ... FROM locks the rows it updates, not the rows it joins), so a round's
--      submissions never queue behind each other on the survey.
--
-- What it writes, and nothing else:
--   1. SurveyInvitation.used = true, on an unused invitation of an active survey that has not
--      reached its close date, matched by token (either link) or by person. Two submissions with
--      one link: the second finds it used and stores nothing. The invitation keeps whether it was
--      used, never when (a time would let its row be matched to the response).
--   2. One SurveyPendingResponse row: a random id, the team the invitation was attributed to when
--      the round was sent, and the answers as jsonb [{ q, v, t }]. No person, token or time, so
--      the pool cannot be joined back to anyone; the answers reach the results only when the
--      survey closes (lib/surveys/fold.ts), in a random order.
-- No counter row is touched: while a survey is open its participation is counted from the spent
-- links (lib/surveys/participation.ts), and the fold stores the counts at close.
CREATE OR REPLACE FUNCTION app_submit_response(
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

-- Only the application role may call it.
REVOKE ALL ON FUNCTION app_submit_response(uuid, uuid, text, uuid, uuid[], integer[], text[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION app_submit_response(uuid, uuid, text, uuid, uuid[], integer[], text[]) TO pulsewell_app;

-- app_submit_response: one survey submission, in one autocommit call.
-- Called by lib/surveys/submit.ts (submitResponse) after it has checked the answers against the
-- survey's questions and computed the answer marker from the link's raw token.
--
-- Who runs it: the application role (pulsewell_app), as SECURITY INVOKER, so row-level security
-- applies. It scopes its own transaction to the organisation first (set_config('app.org_id', ...,
-- true)), as withOrg() does for every other unit of work: a submission is a single statement, so
-- it needs no interactive transaction and holds its locks only while it commits.
--
-- Arguments:
--   org, survey      the workspace (from the Host) and the survey being answered
--   token_hash       sha-256 of the personal link's token, to find the invitation (read only)
--   answer_marker    the single-use marker (lib/surveys/marker.ts): a hash of the RAW token under
--                    its own label, which nothing the database holds can recompute
--   question_ids, answer_values, answer_texts
--                    the answers as three parallel arrays, one element per answered question:
--                    a scale/eNPS answer has a value and a NULL text, a text answer the reverse
-- Returns true when the answers were stored, false when nothing was stored (unknown link, a link
-- already answered, survey not open or past its close date); the caller then reads why and
-- answers 404 or 409.
--
-- What it locks: a SHARED advisory lock on 'survey-fold:<survey>'. Closing a survey
-- (lib/surveys/round-lifecycle.ts) takes the same lock EXCLUSIVELY before it folds the pool into
-- the results. Shared locks never wait for each other, so submissions run side by side; a close
-- waits for the submissions in flight, and submissions that come after it wait for the close and
-- then find the survey closed. So no answer lands in the pool after the fold read it. The
-- invitation and the survey are only read (no FOR SHARE/UPDATE, which would write the row's xmax).
--
-- What it writes, and nothing else: one SurveyPendingResponse row with a random id, the team the
-- invitation was attributed to when the survey was sent, the answers as jsonb [{ q, v, t }] and
-- the marker. No person, token or time, and NOTHING about the invitation: no row this
-- transaction writes shares its transaction id, its order or a hash with the invitation. A second
-- submit with the same link carries the same marker and is refused by the unique index
-- (organizationId, surveyId, marker): ON CONFLICT stores nothing and returns false. No counter row
-- is touched: while a survey is open its participation is counted from the pool
-- (lib/surveys/participation.ts), and the fold stores the counts at close and drops the markers
-- with the pool.
-- Invitations spent before markers existed still carry used = true; they are refused here.
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

import { createHash } from "node:crypto";

// The single-use marker a pending answer carries. It is derived from the RAW link token, which only
// the e-mail holds (the database keeps sha256(token) to find the invitation, and the outbox stores
// the e-mail with a placeholder: delivery renders the link, lib/surveys/link-token.ts), under a label of its own and the survey id: nothing the database holds,
// the lookup hash included, recomputes it, so the marker says nothing about whose answer it is. The
// same link always gives the same marker, so a unique index refuses a second answer with it.
const LABEL = "pulsewell answer marker";

export const answerMarker = (surveyId: string, token: string) =>
  createHash("sha256").update(`${LABEL}|${surveyId}|${token}`, "utf8").digest("hex");

import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { setSuggestionReview } from "@/lib/one-on-one/manager-suggestions";
import { suggestionReviewSchema } from "@/lib/one-on-one/notes-schemas";
import { entityKey } from "@/lib/validation/entity-id";

// 'x/y reviewed': the manager ticks a suggestion as reviewed or not; answers {reviewedIds}.
const params = z.object({ meetingId: entityKey("meeting") });

export const PUT = apiRoute(
  { auth: "session", readOnly: "refuse", permission: "oneOnOnes.use", params, body: suggestionReviewSchema },
  async ({ ctx, params, body }) => setSuggestionReview(ctx, params.meetingId, body),
);

import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { retryRoundMail } from "@/lib/surveys/round-status";
import { entityId } from "@/lib/validation/entity-id";

// 'Retry failed e-mails' for a round (admins): its messages given up after days of failed
// attempts are queued again; answers how many.
export const POST = apiRoute(
  {
    auth: "session",
    readOnly: "refuse",
    permission: "surveys.send",
    params: z.object({ surveyId: entityId("survey") }),
  },
  async ({ ctx, params }) => retryRoundMail(ctx, params.surveyId),
);

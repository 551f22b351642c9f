import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { retryRoundMail } from "@/lib/surveys/round-status";

// 'Retry failed e-mails' for a round (admins): its messages given up after days of failed
// attempts are queued again; answers how many.
export const POST = apiRoute(
  { auth: "session", permission: "surveys.send", params: z.object({ surveyId: z.uuid() }) },
  async ({ ctx, params }) => retryRoundMail(ctx, params.surveyId),
);

import { apiRoute } from "@/lib/api/route";
import { sendPulseNow } from "@/lib/surveys/rounds";

// 'Send Now': a pulse round to everyone at once (admins only); answers the survey id and the
// number of invitations queued.
export const POST = apiRoute({ auth: "session", readOnly: "refuse", permission: "surveys.send" }, async ({ ctx }) =>
  Response.json(await sendPulseNow(ctx), { status: 201 }),
);

import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { getMeetingDetail } from "@/lib/one-on-one/meetings";

const params = z.object({ meetingId: z.uuid() });

// Everything the meeting page shows; 404 for anyone outside the pair.
export const GET = apiRoute({ auth: "session", permission: "oneOnOnes.use", params }, async ({ ctx, params }) =>
  getMeetingDetail(ctx, params.meetingId),
);

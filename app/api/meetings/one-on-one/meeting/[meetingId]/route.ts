import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { getMeetingDetail } from "@/lib/one-on-one/meetings";
import { entityId } from "@/lib/validation/entity-id";

const params = z.object({ meetingId: entityId("meeting") });

// Everything the meeting page shows; 404 for anyone outside the pair.
export const GET = apiRoute({ auth: "session", permission: "oneOnOnes.use", params }, async ({ ctx, params }) =>
  getMeetingDetail(ctx, params.meetingId),
);

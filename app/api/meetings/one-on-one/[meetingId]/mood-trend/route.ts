import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { moodTrend } from "@/lib/one-on-one/mood-trend";
import { entityKey } from "@/lib/validation/entity-id";

// The pair's mood and stress over their last 12 submitted prep forms, oldest first (MoodTrendPoint[]).
const params = z.object({ meetingId: entityKey("meeting") });

export const GET = apiRoute({ auth: "session", permission: "oneOnOnes.use", params }, async ({ ctx, params }) =>
  moodTrend(ctx, params.meetingId),
);

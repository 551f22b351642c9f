import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { bossBotContext } from "@/lib/one-on-one/boss-bot-context";
import { entityKey } from "@/lib/validation/entity-id";

// What 'Get Boss Bot Suggestions' hands to the coach (BossBotContextDto). Manager only.
const params = z.object({ meetingId: entityKey("meeting") });

export const GET = apiRoute({ auth: "session", permission: "oneOnOnes.use", params }, async ({ ctx, params }) =>
  bossBotContext(ctx, params.meetingId),
);

import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { bossBotContext } from "@/lib/one-on-one/boss-bot-context";

// What 'Get Boss Bot Suggestions' hands to the coach (BossBotContextDto). Manager only.
const params = z.object({ meetingId: z.string() });

export const GET = apiRoute({ auth: "session", permission: "oneOnOnes.use", params }, async ({ ctx, params }) =>
  bossBotContext(ctx, params.meetingId),
);

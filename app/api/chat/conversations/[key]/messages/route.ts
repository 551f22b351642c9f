import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { listMessages } from "@/lib/coach/conversations";

// GET /api/chat/conversations/{id}/messages: the messages of one of the caller's conversations.
export const GET = apiRoute(
  { auth: "session", permission: "coach.use", params: z.object({ key: z.uuid() }) },
  async ({ ctx, params }) => listMessages(ctx, params.key),
);

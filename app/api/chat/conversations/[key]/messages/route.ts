import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { listMessages } from "@/lib/coach/conversations";
import { entityId } from "@/lib/validation/entity-id";

// GET /api/chat/conversations/{id}/messages: the messages of one of the caller's conversations.
export const GET = apiRoute(
  { auth: "session", permission: "coach.use", params: z.object({ key: entityId("conversation") }) },
  async ({ ctx, params }) => listMessages(ctx, params.key),
);

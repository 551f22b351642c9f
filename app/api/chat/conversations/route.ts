import { apiRoute } from "@/lib/api/route";
import { createConversation } from "@/lib/coach/conversations";
import { createConversationSchema } from "@/lib/coach/schemas";

// POST /api/chat/conversations { userId, organizationId, title }: a new conversation
// of the caller's. The wrapper checks both ids: another organisation's or another user's is "not
// found" like any id that is not theirs.
export const POST = apiRoute(
  { auth: "session", readOnly: "refuse", permission: "coach.use", body: createConversationSchema },
  async ({ ctx, body }) => Response.json(await createConversation(ctx, { title: body.title }), { status: 201 }),
);

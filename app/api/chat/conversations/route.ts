import { apiRoute } from "@/lib/api/route";
import { notFound } from "@/lib/errors/domain-error";
import { createConversation } from "@/lib/coach/conversations";
import { createConversationSchema } from "@/lib/coach/schemas";

// POST /api/chat/conversations { userId, organizationId, title }: a new conversation
// of the caller's. The organisation is checked by the wrapper; a userId other than the caller's is
// "not found" like any id that is not theirs.
export const POST = apiRoute(
  { auth: "session", permission: "coach.use", body: createConversationSchema },
  async ({ ctx, body }) => {
    if (body.userId !== undefined && body.userId !== ctx.userId) throw notFound("User");
    return Response.json(await createConversation(ctx, { title: body.title }), { status: 201 });
  },
);

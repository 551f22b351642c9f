import { apiRoute } from "@/lib/api/route";
import { createContent, listContent } from "@/lib/library/content";
import { contentBodySchema, contentListQuerySchema } from "@/lib/library/schemas";

// GET: the organisation's library and the built-in one (query q, type, category, source).
export const GET = apiRoute(
  { auth: "session", permission: "library.manage", query: contentListQuerySchema },
  async ({ ctx, query }) =>
    listContent(ctx, { q: query.q, contentType: query.type, category: query.category, source: query.source }),
);

export const POST = apiRoute(
  { auth: "session", readOnly: "refuse", permission: "library.manage", body: contentBodySchema },
  async ({ ctx, body }) => Response.json(await createContent(ctx, body), { status: 201 }),
);

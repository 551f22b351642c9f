import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { deleteContent, listContent, updateContent } from "@/lib/library/content";
import { contentBodySchema, contentListQuerySchema } from "@/lib/library/schemas";
import { entityId } from "@/lib/validation/entity-id";

// Next allows one slug name per level, so the API's two shapes share this file (see docs/decisions.md
// (The API's addresses)):
//   GET    /api/leadership-content/{orgId} -> the organisation's library (the caller's own only:
//                                             the wrapper answers another organisation's id 404)
//   PUT    /api/leadership-content/{id}    -> updates one of the organisation's items
//   DELETE /api/leadership-content/{id}    -> deletes one (built-in and foreign ids: 404)
const orgParams = z.object({ key: entityId("organization") });
const params = z.object({ key: entityId("content") });

export const GET = apiRoute(
  { auth: "session", permission: "library.manage", params: orgParams, query: contentListQuerySchema },
  async ({ ctx, query }) =>
    listContent(ctx, { q: query.q, contentType: query.type, category: query.category, source: query.source }),
);

export const PUT = apiRoute(
  { auth: "session", readOnly: "refuse", permission: "library.manage", params, body: contentBodySchema },
  async ({ ctx, params, body }) => updateContent(ctx, params.key, body),
);

export const DELETE = apiRoute(
  { auth: "session", readOnly: "allow", permission: "library.manage", params },
  async ({ ctx, params }) => {
    await deleteContent(ctx, params.key);
    return { ok: true };
  },
);

import { apiRoute } from "@/lib/api/route";
import { importUsers } from "@/lib/people/bulk-import";
import { importStream } from "@/lib/people/bulk-import-stream";
import { MAX_IMPORT_BODY_BYTES, NDJSON, bulkImportBodySchema } from "@/lib/people/bulk-import-schemas";

// POST /api/users/bulk-import { users, organizationId?, includeSampleRows? }. Admins only
// (docs/decisions.md (Roles and permissions)). With `Accept: application/x-ndjson` the answer streams progress lines
// and a final result line; otherwise it is the plain JSON result.
export const POST = apiRoute(
  {
    auth: "session",
    readOnly: "refuse",
    permission: "people.manage",
    body: bulkImportBodySchema,
    maxBodyBytes: MAX_IMPORT_BODY_BYTES,
  },
  async ({ ctx, body, req, requestId }) => {
    const streaming = (req.headers.get("accept") ?? "").toLowerCase().includes(NDJSON);
    const includeSampleRows = body.includeSampleRows === true;
    if (!streaming) return importUsers(ctx, body.users, { includeSampleRows });
    return importStream((onProgress) => importUsers(ctx, body.users, { onProgress, includeSampleRows }), requestId);
  },
);

import { apiRoute } from "@/lib/api/route";
import { importContent } from "@/lib/library/import";
import { importInputSchema } from "@/lib/library/schemas";

// Paste or .md/.txt files (at most 20 per request); long items are split into sections.
export const POST = apiRoute(
  {
    auth: "session",
    readOnly: "refuse",
    permission: "library.manage",
    body: importInputSchema,
    maxBodyBytes: 2 * 1024 * 1024,
  },
  async ({ ctx, body }) => Response.json(await importContent(ctx, body), { status: 200 }),
);

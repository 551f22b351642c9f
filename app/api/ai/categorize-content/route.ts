import { apiRoute } from "@/lib/api/route";
import { analyzeForAdmin } from "@/lib/library/classifier/analyze";
import { categorizeBodySchema, MAX_ANALYZE_LENGTH } from "@/lib/library/classifier/schemas";

// POST /api/ai/categorize-content { content, organizationId } -> { title,
// contentType, category, tags, priority }. Admins only (library.manage); writes nothing.
// Refused read-only like the library items it fills in (and it spends the AI provider's calls).
export const POST = apiRoute(
  {
    auth: "session",
    readOnly: "refuse",
    permission: "library.manage",
    body: categorizeBodySchema,
    maxBodyBytes: MAX_ANALYZE_LENGTH * 4 + 4096,
    rateLimit: "contentAnalysis",
    writes: false,
  },
  async ({ ctx, body }) => analyzeForAdmin(ctx, body.content),
);

import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { readSourceItem } from "@/lib/library/source-item";
import { entityKey } from "@/lib/validation/entity-id";

// GET /api/ai-coach/sources/{id}: the library item a Boss Bot reply cites, for the source dialog
// (an organisation item's UUID or a built-in item's slug; hidden, foreign and unknown ids are 404).
export const GET = apiRoute(
  {
    auth: "session",
    permission: "coach.use",
    params: z.object({ id: entityKey("content", z.string().min(1).max(120)) }),
  },
  async ({ ctx, params }) => readSourceItem(ctx, params.id),
);

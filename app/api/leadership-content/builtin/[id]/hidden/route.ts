import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { hideBuiltin, unhideBuiltin } from "@/lib/library/hidden";

// PUT hides a built-in item from this organisation's coach; DELETE shows it again.
const params = z.object({
  id: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Unknown built-in item")
    .max(120),
});

// Hiding a built-in item takes it out of the library, as deleting does: allowed read-only; showing
// it again adds it back: refused.
export const PUT = apiRoute(
  { auth: "session", readOnly: "allow", permission: "library.manage", params },
  async ({ ctx, params }) => hideBuiltin(ctx, params.id),
);

export const DELETE = apiRoute(
  { auth: "session", readOnly: "refuse", permission: "library.manage", params },
  async ({ ctx, params }) => unhideBuiltin(ctx, params.id),
);

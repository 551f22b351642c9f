import { apiRoute } from "@/lib/api/route";
import { completeSignup } from "@/lib/signup/complete";
import { signupSchema } from "@/lib/signup/schemas";

// POST /api/signup/complete -> { message, subdomain, workspaceUrl, handoffToken }. Main site
// only: a workspace host answers 404 before any field is looked at.
export const POST = apiRoute(
  {
    auth: "main",
    body: signupSchema,
    maxBodyBytes: 8 * 1024,
    rateLimit: "signupComplete",
    invalidBodyMessage: "Please correct the highlighted fields.",
  },
  async ({ body }) => completeSignup(body),
);

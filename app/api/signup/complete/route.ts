import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { invalidInput } from "@/lib/errors/domain-error";
import { completeSignup } from "@/lib/signup/complete";
import { requireMainHost } from "@/lib/signup/main-host";
import { signupFieldErrors, signupSchema } from "@/lib/signup/schemas";

// POST /api/signup/complete -> { message, subdomain, workspaceUrl, handoffToken }.
// The body is validated here rather than in the wrapper so that a workspace host answers 404
// before any field is looked at.
export const POST = apiRoute(
  { auth: "public", body: z.unknown(), maxBodyBytes: 8 * 1024, rateLimit: "signupComplete" },
  async ({ body }) => {
    await requireMainHost();
    const parsed = signupSchema.safeParse(body);
    if (!parsed.success) throw invalidInput("Please correct the highlighted fields.", signupFieldErrors(parsed.error));
    return completeSignup(parsed.data);
  },
);

import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { env } from "@/lib/config/env";
import { checkSubdomain } from "@/lib/signup/availability";
import { requireMainHost } from "@/lib/signup/main-host";

// GET /api/signup/check-subdomain/{subdomain} -> { available, message }. A badly formed name is
// an answer ("unavailable" with the rule it breaks), not a 400, so the form can show it as typed.
export const GET = apiRoute(
  { auth: "public", params: z.object({ subdomain: z.string().max(200) }), rateLimit: "signupCheckSubdomain" },
  async ({ params }) => {
    await requireMainHost();
    return checkSubdomain(params.subdomain, env().PRODUCT_NAME);
  },
);

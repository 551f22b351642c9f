import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { env } from "@/lib/config/env";
import { checkSubdomain } from "@/lib/signup/availability";

// GET /api/signup/check-subdomain/{subdomain} -> { available, message }, on the main site only. A
// badly formed name is an answer ("unavailable" with the rule it breaks), not a 400, so the form
// can show it as typed.
export const GET = apiRoute(
  { auth: "main", params: z.object({ subdomain: z.string().max(200) }), rateLimit: "signupCheckSubdomain" },
  async ({ params }) => checkSubdomain(params.subdomain, env().PRODUCT_NAME),
);

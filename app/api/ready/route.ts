import { apiRoute } from "@/lib/api/route";
import { checkReadiness } from "@/lib/health/readiness";

// Readiness for load balancers and supervisors: 200 while this instance can serve data (the
// database answers and has every migration this build needs), 503 with Retry-After otherwise, so
// traffic goes to another instance instead of getting errors. The answer is public, so it says
// whether and never why in detail (the reason is in the server log); a success stands for a second,
// so probing it in a loop costs at most one query a second. /api/health is liveness only.
export const GET = apiRoute({ auth: "public" }, async () => checkReadiness());

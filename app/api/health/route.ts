import { apiRoute } from "@/lib/api/route";

// Liveness for load balancers, and the benchmarks' trivial route: the same wrapper as every route,
// no session, no database. Machines differ, so bench:surveys reports submissions as a ratio of
// this route's throughput measured in the same run.
export const GET = apiRoute({ auth: "public" }, async () => ({ status: "ok" }));

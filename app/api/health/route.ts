import { apiRoute } from "@/lib/api/route";

// Liveness (the process answers), and the benchmarks' trivial route: the same wrapper as every
// route, no session, no database, so a supervisor restarts only a process that stopped answering
// (never every instance while the database is down). Load balancers route by /api/ready. Machines differ, so bench:surveys reports submissions as a ratio of
// this route's throughput measured in the same run.
export const GET = apiRoute({ auth: "public" }, async () => ({ status: "ok" }));

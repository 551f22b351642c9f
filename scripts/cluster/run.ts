// `npm run cluster`: the production topology on this machine from Debian's packages (PostgreSQL 15
// primary and streaming replica, PgBouncer, two app instances, a worker, nginx), with the demo
// workspace, until Ctrl+C. CLUSTER_PORT picks the balancer's port (default 8100; the others follow
// it), CLUSTER_DIR the data folder (default .data/cluster, started afresh each time).
import { rmSync } from "node:fs";
import path from "node:path";
import { startCluster, stopLeftovers } from "./cluster";
import { ensureBuilt } from "../lib/build-freshness";
import { pg15Available } from "./postgres";
import { pgbouncerAvailable } from "./pgbouncer";
import { nginxAvailable } from "./nginx";
import { DEMO } from "../seed/demo-data";

const root = path.resolve(import.meta.dirname, "../..");

async function main(): Promise<void> {
  const missing = [
    ...(pg15Available() ? [] : ["postgresql-15"]),
    ...(pgbouncerAvailable() ? [] : ["pgbouncer"]),
    ...(nginxAvailable() ? [] : ["nginx"]),
  ];
  if (missing.length)
    throw new Error(`Missing Debian packages: ${missing.join(", ")} (apt-get install ${missing.join(" ")})`);
  const basePort = Number(process.env.CLUSTER_PORT ?? 8100);
  const dir = path.resolve(root, process.env.CLUSTER_DIR ?? ".data/cluster");
  stopLeftovers(dir);
  rmSync(dir, { recursive: true, force: true });
  ensureBuilt(root);
  const t0 = Date.now();
  const cluster = await startCluster({
    dir,
    basePort,
    instances: Number(process.env.CLUSTER_INSTANCES ?? 2),
    workers: Number(process.env.CLUSTER_WORKERS ?? 1),
    seedDemo: true,
    log: (line) => console.log(`  ${line}`),
  });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log("\nStopping the cluster...");
    await cluster.stop();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
  console.log(
    [
      "",
      `Pulsewell cluster running (started in ${((Date.now() - t0) / 1000).toFixed(1)} s), data in ${path.relative(root, dir)}:`,
      `  Balancer (nginx):  http://${cluster.rootDomain}  (workspaces: http://<subdomain>.${cluster.rootDomain})`,
      `  Demo workspace:    http://${DEMO.subdomain}.${cluster.rootDomain}`,
      `  Sign in as:        ${DEMO.admin.email} / ${DEMO.password}`,
      ...cluster.instances.map((i) => `  App instance:      ${i.url}  (log ${path.relative(root, i.logFile)})`),
      ...cluster.workers.map((w) => `  Worker:            pid ${w.pid}  (log ${path.relative(root, w.logFile)})`),
      `  PgBouncer:         ${cluster.appUrl.replace(/:[^:@/]+@/, ":***@")}`,
      `  Primary (owner):   ${cluster.ownerUrl}`,
      ...(cluster.replica ? [`  Replica:           ${cluster.replica.superuserUrl("pulsewell")}`] : []),
      "Ctrl+C stops everything.",
      "",
    ].join("\n"),
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

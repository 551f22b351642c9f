// The production topology on one machine: a PostgreSQL 15 primary and its streaming replica,
// PgBouncer (transaction mode) in front of the primary, app instances and job workers on the
// pooler, nginx balancing the instances. What `npm run cluster` starts and the system tests use.
// Every process gets the same shared secrets, as separate machines would from their environment.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { prepareDatabase } from "../db/prepare";
import { seedDemo } from "../seed/demo";
import { APP_ROLE, appRolePassword, deriveAppUrl } from "@/lib/config/database-urls";
import { initPrimary, startReplica, type PgNode } from "./postgres";
import { startPgBouncer, type PgBouncer } from "./pgbouncer";
import { startInstance, startWorker, type Instance, type Proc } from "./app";
import { startBalancer, type Balancer } from "./nginx";
import { alive, childPids } from "./service-user";

const root = path.resolve(import.meta.dirname, "../..");
const DATABASE = "pulsewell";

/** What every instance and worker must share (the deployment guide lists them). */
export type SharedSecrets = {
  AUTH_SECRET: string;
  NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: string;
  COACH_MASTER_KEY: string;
  COACH_MASTER_KEY_ID: string;
};

export function generateSecrets(): SharedSecrets {
  return {
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    // AES-256: a base64 32-byte key, as Next expects it.
    NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    COACH_MASTER_KEY: randomBytes(32).toString("base64"),
    COACH_MASTER_KEY_ID: `cluster-${randomBytes(3).toString("hex")}`,
  };
}

export type Cluster = {
  dir: string;
  /** The balancer (nginx) address; workspaces are reached with Host `<subdomain>.<rootDomain>`. */
  balancerUrl: string;
  balancerPort: number;
  rootDomain: string;
  instances: Instance[];
  workers: Proc[];
  primary: PgNode;
  replica: PgNode | null;
  pgbouncer: PgBouncer;
  balancer: Balancer;
  /** The owner (superuser) directly on the primary: migrations and test assertions. */
  ownerUrl: string;
  /** The application role through PgBouncer: what the instances and workers use. */
  appUrl: string;
  /** The application role directly on the primary (a session of its own, no pooler). */
  directAppUrl: string;
  /** The application role on the replica (DATABASE_REPLICA_URL), or null without a replica. */
  replicaAppUrl: string | null;
  secrets: SharedSecrets;
  /** The environment every instance and worker got (without PORT and DATA_DIR, which are each one's own). */
  env: NodeJS.ProcessEnv;
  /** Each process's DATA_DIR (mail written as .eml files under <DATA_DIR>/mail). */
  dataDirs: { instances: string[]; workers: string[] };
  /** Starts one more worker with the shared environment. */
  addWorker: () => Promise<Proc>;
  stop: () => Promise<void>;
};

export type ClusterOptions = {
  dir: string;
  /** The balancer's port; the others follow: primary +1, replica +2, PgBouncer +3, instances +10... */
  basePort: number;
  instances?: number;
  workers?: number;
  replica?: boolean;
  seedDemo?: boolean;
  /** Added to every instance's and worker's environment. */
  env?: NodeJS.ProcessEnv;
  /** Progress lines (npm run cluster prints them). */
  log?: (line: string) => void;
};

async function createDatabase(superuserUrl: string, name: string): Promise<void> {
  const c = new pg.Client({ connectionString: superuserUrl });
  await c.connect();
  try {
    const exists = await c.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (!exists.rowCount) await c.query(`CREATE DATABASE ${c.escapeIdentifier(name)}`);
  } finally {
    await c.end();
  }
}

/** The demo workspace and its weeks of history, the way `npm start` seeds it. */
async function seedDemoWorkspace(appUrl: string, env: NodeJS.ProcessEnv): Promise<void> {
  const r = await seedDemo(appUrl);
  if (!r.created || !r.orgId) return;
  const h = spawn(
    process.execPath,
    ["--import", "tsx", "--conditions=react-server", path.join(root, "scripts", "seed", "demo-history.ts"), r.orgId],
    { cwd: root, env: { ...env, JOBS_IN_PROCESS: "0" }, stdio: ["ignore", "ignore", "inherit"] },
  );
  const status = await new Promise<number | null>((resolve, reject) => {
    h.on("error", reject);
    h.on("exit", resolve);
  });
  if (status !== 0) throw new Error("Seeding the demo's pulse history failed");
}

/**
 * Kills what an earlier cluster in `dir` left running (its runner was killed before it could stop
 * them): the processes named by the pid files in its folders, and nothing else.
 */
export function stopLeftovers(dir: string): void {
  if (!existsSync(dir)) return;
  const pidFiles = [
    "primary/data/postmaster.pid",
    "replica/data/postmaster.pid",
    "pgbouncer/pgbouncer.pid",
    "nginx/nginx.pid",
    ...readdirSync(dir)
      .filter((d) => /^(instance|worker)-\d+$/.test(d))
      .map((d) => `${d}/pid`),
  ];
  for (const f of pidFiles) {
    const file = path.join(dir, f);
    if (!existsSync(file)) continue;
    const pid = Number(readFileSync(file, "utf8").split("\n")[0]);
    if (!Number.isInteger(pid) || pid <= 1 || !alive(pid)) continue;
    for (const p of [...childPids(pid), pid]) {
      try {
        process.kill(p, "SIGKILL");
      } catch {
        // gone meanwhile
      }
    }
  }
}

export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  const dir = path.resolve(opts.dir);
  mkdirSync(dir, { recursive: true });
  const say = opts.log ?? (() => {});
  const base = opts.basePort;
  const secrets = generateSecrets();
  const stops: (() => Promise<unknown>)[] = [];
  const stopAll = async () => {
    for (const s of stops.reverse()) await s().catch(() => undefined);
    stops.length = 0;
  };

  try {
    const primary = await initPrimary({ dir: path.join(dir, "primary"), port: base + 1 });
    stops.push(() => primary.stop("fast"));
    say(`PostgreSQL 15 primary on 127.0.0.1:${primary.port}`);
    const ownerUrl = primary.superuserUrl(DATABASE);
    await createDatabase(primary.superuserUrl("postgres"), DATABASE);
    // Migrations, the application role's login and the job queues: on the primary itself.
    const { applied } = await prepareDatabase(ownerUrl, secrets.AUTH_SECRET);
    say(`Migrated the primary (${applied.length} migrations)`);
    const directAppUrl = deriveAppUrl(ownerUrl, secrets.AUTH_SECRET);

    const wantReplica = opts.replica ?? true;
    const [replica, pgbouncer] = await Promise.all([
      wantReplica ? startReplica({ primary, dir: path.join(dir, "replica"), port: base + 2 }) : null,
      startPgBouncer({
        dir: path.join(dir, "pgbouncer"),
        port: base + 3,
        target: { host: "127.0.0.1", port: primary.port },
        databases: [DATABASE],
        users: { [APP_ROLE]: appRolePassword(secrets.AUTH_SECRET) },
      }),
    ]);
    if (replica) {
      stops.push(() => replica.stop("fast"));
      say(`PostgreSQL 15 streaming replica on 127.0.0.1:${replica.port}`);
    }
    stops.push(() => pgbouncer.stop());
    say(`PgBouncer (transaction mode) on 127.0.0.1:${pgbouncer.port}`);
    const appUrl = pgbouncer.url(DATABASE, APP_ROLE, appRolePassword(secrets.AUTH_SECRET));
    const replicaAppUrl = replica ? deriveAppUrl(replica.superuserUrl(DATABASE), secrets.AUTH_SECRET) : null;

    const rootDomain = `localhost:${base}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...secrets,
      DATABASE_APP_URL: appUrl,
      ...(replicaAppUrl ? { DATABASE_REPLICA_URL: replicaAppUrl } : {}),
      ROOT_DOMAIN: rootDomain,
      NEXT_TELEMETRY_DISABLED: "1",
      ...opts.env,
    };
    // The owner's URL stays with the migration step: the app's processes never get it.
    delete env.DATABASE_URL;
    delete env.PORT;
    if (opts.seedDemo) {
      await seedDemoWorkspace(appUrl, { ...env, DATA_DIR: path.join(dir, "seed") });
      say("Seeded the demo workspace");
    }

    const dataDirs = { instances: [] as string[], workers: [] as string[] };
    const instances: Instance[] = [];
    for (let i = 0; i < (opts.instances ?? 2); i++) {
      const dataDir = path.join(dir, `instance-${i + 1}`);
      dataDirs.instances.push(dataDir);
      const inst = startInstance({
        name: `instance ${i + 1}`,
        port: base + 10 + i,
        env: { ...env, DATA_DIR: dataDir },
        logFile: path.join(dataDir, "server.log"),
      });
      instances.push(inst);
      stops.push(() => inst.kill("SIGTERM"));
    }
    const workers: Proc[] = [];
    const addWorker = async (): Promise<Proc> => {
      const n = workers.length + 1;
      const dataDir = path.join(dir, `worker-${n}`);
      dataDirs.workers.push(dataDir);
      const w = startWorker({
        name: `worker ${n}`,
        env: { ...env, DATA_DIR: dataDir },
        logFile: path.join(dataDir, "worker.log"),
      });
      workers.push(w);
      stops.push(() => w.kill("SIGTERM"));
      await w.waitReady();
      return w;
    };
    await Promise.all([
      ...instances.map((i) => i.waitReady(120_000)),
      ...Array.from({ length: opts.workers ?? 1 }, () => addWorker()),
    ]);
    say(`${instances.length} app instances on ${instances.map((i) => i.port).join(", ")}; ${workers.length} worker(s)`);

    const balancer = await startBalancer({
      dir: path.join(dir, "nginx"),
      port: base,
      upstreams: instances.map((i) => `127.0.0.1:${i.port}`),
    });
    stops.push(() => balancer.stop());
    say(`nginx on 127.0.0.1:${balancer.port}`);

    return {
      dir,
      balancerUrl: balancer.url,
      balancerPort: balancer.port,
      rootDomain,
      instances,
      workers,
      primary,
      replica,
      pgbouncer,
      balancer,
      ownerUrl,
      appUrl,
      directAppUrl,
      replicaAppUrl,
      secrets,
      env,
      dataDirs,
      addWorker,
      stop: stopAll,
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

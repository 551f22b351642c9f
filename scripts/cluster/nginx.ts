// nginx (Debian's nginx package) balancing the app instances, rendered from deploy/nginx/pulsewell.conf:
// the deployed site with this machine's upstreams, plain HTTP on loopback, and a main configuration
// of its own (prefix, pid, logs and temp folders in the cluster's folder; nothing under /etc or /var).
import type { ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { listening, ownedDir, spawnAsService, waitFor } from "./service-user";

const NGINX_BIN = process.env.NGINX_BIN || "/usr/sbin/nginx";
const TEMPLATE = path.resolve(import.meta.dirname, "../../deploy/nginx/pulsewell.conf");

export function nginxAvailable(): boolean {
  return existsSync(NGINX_BIN);
}

export type Balancer = { port: number; url: string; dir: string; stop: () => Promise<void> };

/** The deployed site with the cluster's upstreams and listener; the "cluster: skip" parts left out. */
function renderSite(template: string, opts: { port: number; upstreams: string[] }): string {
  const out: string[] = [];
  let skipping = false;
  let inUpstream = false;
  let upstreamParams = "";
  for (const line of template.split("\n")) {
    if (/#\s*cluster:\s*skip-begin/.test(line)) {
      skipping = true;
      continue;
    }
    if (/#\s*cluster:\s*skip-end/.test(line)) {
      skipping = false;
      continue;
    }
    if (skipping) continue;
    if (/^\s*upstream\s+\S+\s*\{/.test(line)) inUpstream = true;
    const server = inUpstream ? /^(\s*)server\s+\S+(.*);\s*$/.exec(line) : null;
    if (server) {
      // The deployed servers' parameters (max_fails, fail_timeout) apply to every local upstream.
      if (!upstreamParams) {
        upstreamParams = server[2]!;
        for (const u of opts.upstreams) out.push(`${server[1]}server ${u}${upstreamParams};`);
      }
      continue;
    }
    if (inUpstream && /^\s*\}/.test(line)) inUpstream = false;
    if (/^\s*server_name\s/.test(line)) {
      out.push(line.replace(/server_name[^;]*;/, "server_name _;"));
      out.push(line.replace(/server_name[^;]*;/, `listen 127.0.0.1:${opts.port};`));
      continue;
    }
    out.push(line);
  }
  return out.join("\n");
}

/** nginx on 127.0.0.1:`port` in front of `upstreams` ("host:port"), in the foreground. */
export async function startBalancer(opts: { dir: string; port: number; upstreams: string[] }): Promise<Balancer> {
  const dir = path.resolve(opts.dir);
  for (const sub of ["logs", "temp/client", "temp/proxy", "temp/fastcgi", "temp/uwsgi", "temp/scgi"])
    mkdirSync(path.join(dir, sub), { recursive: true });
  writeFileSync(path.join(dir, "pulsewell.conf"), renderSite(readFileSync(TEMPLATE, "utf8"), opts));
  const conf = path.join(dir, "nginx.conf");
  writeFileSync(
    conf,
    [
      "# Written by scripts/cluster/nginx.ts around deploy/nginx/pulsewell.conf.",
      "daemon off;",
      "worker_processes 1;",
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/logs/error.log warn;`,
      "events { worker_connections 1024; }",
      "http {",
      `    access_log ${dir}/logs/access.log;`,
      `    client_body_temp_path ${dir}/temp/client;`,
      `    proxy_temp_path ${dir}/temp/proxy;`,
      `    fastcgi_temp_path ${dir}/temp/fastcgi;`,
      `    uwsgi_temp_path ${dir}/temp/uwsgi;`,
      `    scgi_temp_path ${dir}/temp/scgi;`,
      "    default_type application/octet-stream;",
      `    include ${dir}/pulsewell.conf;`,
      "}",
      "",
    ].join("\n"),
  );
  ownedDir(dir);
  // -e: the error log before the configuration is read (the default one is under /var/log).
  const child: ChildProcess = spawnAsService(NGINX_BIN, ["-p", dir, "-c", conf, "-e", `${dir}/logs/error.log`], {
    cwd: dir,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let err = "";
  child.stderr?.on("data", (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
  await waitFor(
    `nginx on port ${opts.port}`,
    () => {
      if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${err}`);
      return listening(opts.port);
    },
    30_000,
  );
  return {
    port: opts.port,
    url: `http://127.0.0.1:${opts.port}`,
    dir,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      // SIGQUIT: graceful shutdown (requests in flight finish).
      child.kill("SIGQUIT");
      await exited;
    },
  };
}

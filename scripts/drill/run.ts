// `npm run drill`: the fault drill (scripts/drill/drill.ts) on this machine's Debian packages
// (PostgreSQL 15, PgBouncer, nginx), printing a markdown table of each phase's figures and the
// checks made afterwards; exits non-zero on any violation. Sizes and timings from DRILL_* variables.
import { existsSync } from "node:fs";
import path from "node:path";
import { ensureBuilt } from "../lib/build-freshness";
import { runDrill } from "./drill";

const root = path.resolve(import.meta.dirname, "../..");
const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

async function main(): Promise<void> {
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  if (!(process.env.SYSTEM_REUSE_BUILD === "1" && existsSync(path.join(root, distDir, "BUILD_ID")))) ensureBuilt(root);
  const started = Date.now();
  const result = await runDrill({
    dir: process.env.DRILL_DIR ?? "/tmp/pw-d-drill",
    basePort: num("DRILL_PORT", 4500),
    employees: num("DRILL_EMPLOYEES", 3000),
    sendPeople: num("DRILL_SEND_PEOPLE", 400),
    submitsPerSecond: num("DRILL_SUBMITS_PER_SECOND", 6),
    signInsPerSecond: num("DRILL_SIGN_INS_PER_SECOND", 1),
    steadyMs: num("DRILL_STEADY_SECONDS", 20) * 1000,
    downMs: num("DRILL_DOWN_SECONDS", 5) * 1000,
    outboxWaitMs: num("DRILL_OUTBOX_WAIT_SECONDS", 720) * 1000,
    log: (line) => console.log(line),
  });
  console.log(
    [
      "",
      `Fault drill (${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, ${((Date.now() - started) / 1000).toFixed(0)} s in all): submissions and sign-ins through nginx`,
      "",
      result.table,
      "",
      ...result.checks.map((c) => `- ${c}`),
      "",
      result.violations.length ? `VIOLATIONS:\n${result.violations.map((v) => `- ${v}`).join("\n")}` : "No violations.",
    ].join("\n"),
  );
  if (result.violations.length) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

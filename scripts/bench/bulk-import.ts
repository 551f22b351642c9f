// `npm run bench:import`: times the bulk import of 10,000 people (200 departments, each with a
// manager and 49 reports) on a throwaway embedded PostgreSQL, through the same domain function
// the API route calls, and through the route's own body parsing and progress stream.
// Run with --conditions=react-server (the npm script does) so `server-only` imports resolve.
import { formatNumber } from "@/lib/format";
import { withBenchDatabase } from "./bench-db";

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const DEPARTMENTS = Number(process.env.BENCH_DEPARTMENTS ?? 200);
const TARGET_SECONDS = 15;

/** The CSV an admin would upload: per department one manager (reporting to the admin) first,
 * then the reports naming that manager. */
function csvFor(prefix: string, adminEmail: string): string {
  const perDept = Math.ceil(ROWS / DEPARTMENTS);
  const lines = ["First Name,Last Name,Email,Role,Department,Manager Email"];
  for (let i = 0; i < ROWS; i++) {
    const dept = Math.floor(i / perDept);
    const isManager = i % perDept === 0;
    const managerEmail = `${prefix}.m${dept}@example.com`;
    const email = isManager ? managerEmail : `${prefix}.p${i}@example.com`;
    lines.push(
      [
        `First${i}`,
        `"Last, ${i}"`,
        email,
        isManager ? "manager" : "",
        `Department ${dept}`,
        isManager ? adminEmail : managerEmail,
      ].join(","),
    );
  }
  return lines.join("\r\n");
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

async function main(): Promise<void> {
  await withBenchDatabase(async ({ workspace }) => {
    // Loaded only now: the app's modules read the configuration the bench database set.
    const { withOrg } = await import("@/lib/db/tenant");
    const { importUsers } = await import("@/lib/people/bulk-import");
    const { importStream } = await import("@/lib/people/bulk-import-stream");
    const { parseImportCsv } = await import("@/lib/people/csv");
    const { bulkImportBodySchema, importEventSchema } = await import("@/lib/people/bulk-import-schemas");

    const counts = (orgId: string) =>
      withOrg(orgId, async (tx) => ({
        users: await tx.user.count({ where: { organizationId: orgId } }),
        teams: await tx.team.count({ where: { organizationId: orgId, managerId: { not: null } } }),
        mails: await tx.mailMessage.count({ where: { organizationId: orgId, kind: "invitation" } }),
      }));

    // 1. The browser's share: parsing and checking the CSV for the preview.
    const a = await workspace("bencha");
    const csv = csvFor("a", a.adminEmail);
    let t = performance.now();
    const parsed = parseImportCsv(csv);
    const parseMs = performance.now() - t;
    if (parsed.rows.length !== ROWS || parsed.fileErrors.length || parsed.problems.length)
      throw new Error(
        `CSV parse: ${parsed.rows.length} rows, ${JSON.stringify(parsed.fileErrors)} ${JSON.stringify(parsed.problems.slice(0, 3))}`,
      );

    // 2. The domain function: validation, one transaction, people, teams, invitations, audit.
    t = performance.now();
    // Time of the first progress line of each phase, to show where the time goes.
    const phaseAt = new Map<string, number>();
    const result = await importUsers(a.ctx, parsed.rows, {
      onProgress: (p) => void (phaseAt.has(p.phase) || phaseAt.set(p.phase, performance.now() - t)),
    });
    const domainMs = performance.now() - t;
    const phases = [...phaseAt.entries(), ["done", domainMs] as const];
    const split = phases
      .slice(0, -1)
      .map(([name, at], i) => `${name} ${seconds(phases[i + 1]![1] - at)} s`)
      .join(", ");
    if (result.successful !== ROWS || result.errors.length || result.warnings.length)
      throw new Error(`domain import: ${JSON.stringify({ ...result, errors: result.errors.slice(0, 3) })}`);
    const written = await counts(a.ctx.orgId);

    // 3. The route's path minus Next itself: JSON body out and in, the body schema, the ndjson stream.
    const b = await workspace("benchb");
    const rowsB = parseImportCsv(csvFor("b", b.adminEmail)).rows;
    t = performance.now();
    const body = bulkImportBodySchema.parse(JSON.parse(JSON.stringify({ users: rowsB, organizationId: b.ctx.orgId })));
    const res = importStream((onProgress) => importUsers(b.ctx, body.users, { onProgress }), "bench");
    const lines = (await res.text())
      .trim()
      .split("\n")
      .map((l) => importEventSchema.parse(JSON.parse(l)));
    const streamMs = performance.now() - t;
    const last = lines.at(-1);
    if (last?.type !== "result" || last.successful !== ROWS) throw new Error(`stream: ${JSON.stringify(last)}`);

    const rssKiB = process.resourceUsage().maxRSS;
    console.log(
      [
        `Bulk import of ${formatNumber(ROWS)} people in ${DEPARTMENTS} departments (embedded PostgreSQL, ${new Date().toISOString().slice(0, 10)})`,
        `  CSV parse + row checks (browser preview): ${seconds(parseMs)} s`,
        `  Domain import (one transaction):          ${seconds(domainMs)} s  ${formatNumber(Math.round(ROWS / (domainMs / 1000)))} rows/s`,
        `    ${split}`,
        `    wrote ${written.users - 1} people, ${written.teams} teams with a manager, ${written.mails} invitation e-mails`,
        `  Body JSON + schema + ndjson stream:       ${seconds(streamMs)} s  ${formatNumber(Math.round(ROWS / (streamMs / 1000)))} rows/s  (${lines.length - 1} progress lines)`,
        `  Peak RSS:                                 ${mib(rssKiB * 1024)} MiB`,
        `  Target: under ${TARGET_SECONDS} s end to end: ${streamMs / 1000 < TARGET_SECONDS ? "met" : "MISSED"}`,
      ].join("\n"),
    );
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

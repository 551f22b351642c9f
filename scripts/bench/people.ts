// `npm run bench:people`: the data behind Settings > User Management for an organisation of
// 2,000 people in 100 teams: org chart, teams, a page of users, a search, the 'Reports To' list.
// Prints p50/p95 per query and the size of what the page sends to the browser.
// Run with --conditions=react-server (the npm script does) so `server-only` imports resolve.
import { formatNumber } from "@/lib/format";
import { timeRuns, withBenchDatabase } from "./bench-db";

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 2_000);
const TEAMS = Number(process.env.BENCH_TEAMS ?? 100);
const RUNS = 30;

async function main(): Promise<void> {
  await withBenchDatabase(async ({ workspace }) => {
    const { importUsers } = await import("@/lib/people/bulk-import");
    const { getOrgChart } = await import("@/lib/people/org-chart");
    const { listTeams } = await import("@/lib/people/teams");
    const { listUsers } = await import("@/lib/people/users");

    const { ctx, adminEmail } = await workspace("people");
    const perTeam = Math.ceil(PEOPLE / TEAMS);
    const rows = Array.from({ length: PEOPLE }, (_, i) => {
      const team = Math.floor(i / perTeam);
      const manager = i % perTeam === 0;
      return {
        firstName: `First${i}`,
        lastName: `Last${i}`,
        email: manager ? `m${team}@example.com` : `p${i}@example.com`,
        role: manager ? "manager" : "employee",
        department: `Team ${team}`,
        managerEmail: manager ? adminEmail : `m${team}@example.com`,
      };
    });
    const imported = await importUsers(ctx, rows);
    if (imported.successful !== PEOPLE) throw new Error(`seed: ${JSON.stringify(imported).slice(0, 300)}`);

    const results: [string, { p50: number; p95: number }][] = [
      ["org chart (all people and teams)", await timeRuns(RUNS, () => getOrgChart(ctx))],
      ["teams with counts", await timeRuns(RUNS, () => listTeams(ctx))],
      ["first page of users (51 rows)", await timeRuns(RUNS, () => listUsers(ctx, { limit: 51, offset: 0 }))],
      ["search 'last19' (first page)", await timeRuns(RUNS, () => listUsers(ctx, { search: "last19", limit: 51 }))],
      [
        "'Reports To' list (managers, admins)",
        await timeRuns(RUNS, () => listUsers(ctx, { roles: ["manager", "admin"] })),
      ],
    ];
    const [chart, teams, leaders] = await Promise.all([
      getOrgChart(ctx),
      listTeams(ctx),
      listUsers(ctx, { roles: ["manager", "admin"] }),
    ]);
    const kib = (v: unknown) => (JSON.stringify(v).length / 1024).toFixed(0);
    console.log(
      [
        `User management data for ${formatNumber(PEOPLE)} people in ${TEAMS} teams (embedded PostgreSQL, ${RUNS} runs each, ${new Date().toISOString().slice(0, 10)})`,
        ...results.map(([name, r]) => `  ${name.padEnd(40)} p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms`),
        `  Props sent to the page: org chart ${kib(chart)} KiB, teams ${kib(teams)} KiB, leaders ${kib(leaders)} KiB`,
        `  Peak RSS: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`,
      ].join("\n"),
    );
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

// `npm run bench:sign-in`: what the personal vault adds to a sign-in and to each private request,
// in this process against a throwaway embedded PostgreSQL (the domain functions, no HTTP):
// - a sign-in (lib/auth/sign-in.ts: throttle, password check, session, and now opening the vault:
//   one argon2id derivation, the unwrap, the session's sealed key), and the vault's share of it
//   (openVaultAtSignIn alone): the sign-in without it is what it cost before vaults;
// - the first sign-in of a person, which also creates their vault;
// - reading the session's vault (sessionVault: the Session and Vault rows and one AES-GCM open),
//   which a Boss Bot message does four times and a private note once.
// Run with --conditions=react-server (the npm script does) so `server-only` imports resolve.
import { withBenchDatabase, timeRuns } from "./bench-db";

const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const PASSWORD = "Bench-sign-in-2026";
const fmt = (r: { p50: number; p95: number }) => `median ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms`;

await withBenchDatabase(async ({ workspace }) => {
  const { withOrg } = await import("@/lib/db/tenant");
  const { hashPassword } = await import("@/lib/auth/password");
  const { signInWithPassword } = await import("@/lib/auth/sign-in");
  const { createSession, endSession } = await import("@/lib/auth/sessions");
  const { openVaultAtSignIn, sessionVault } = await import("@/lib/vault/vault");
  const { ctx } = await workspace("signinbench");
  const orgId = ctx.orgId;
  const passwordHash = await hashPassword(PASSWORD);
  const person = (email: string) =>
    withOrg(orgId, (tx) => tx.user.create({ data: { organizationId: orgId, firstName: "Bench", lastName: "Person", email, role: "manager", passwordHash }, select: { id: true, email: true } }));

  const regular = await person("regular@bench.example");
  const signIn = async (email: string) => {
    const r = await signInWithPassword({ orgId, email, password: PASSWORD, address: null, userAgent: "bench" });
    if (!r.ok) throw new Error(`sign-in refused: ${r.reason}`);
    return r;
  };

  const full = await timeRuns(RUNS, () => signIn(regular.email));
  // The vault's share, timed alone (each on a fresh session, as at a sign-in).
  const alone: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const sessionId = await withOrg(orgId, (tx) => createSession(tx, orgId, regular.id, "bench"));
    const t = performance.now();
    await openVaultAtSignIn(orgId, regular.id, sessionId, PASSWORD);
    alone.push(performance.now() - t);
  }
  alone.sort((a, b) => a - b);
  const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;
  const vault = { p50: pct(alone, 50), p95: pct(alone, 95) };

  let n = 0;
  const people = await Promise.all(Array.from({ length: RUNS + 1 }, () => person(`first${n++}@bench.example`)));
  let next = 0;
  const first = await timeRuns(RUNS, () => signIn(people[next++]!.email));

  const s = await signIn(regular.email);
  const sessionCtx = { orgId, userId: regular.id, role: "manager" as const, sessionId: s.sessionId, vaultSecret: s.vaultSecret };
  const read = await timeRuns(RUNS * 5, () => withOrg(orgId, (tx) => sessionVault(tx, sessionCtx), { userId: regular.id }));
  await endSession(sessionCtx);

  console.log(`Sign-in (${RUNS} runs, this process, embedded PostgreSQL):`);
  console.log(`  with the vault (now):                 ${fmt(full)}`);
  console.log(`  the vault's share (openVaultAtSignIn): ${fmt(vault)}`);
  console.log(`  without it (as before vaults):         median ${(full.p50 - vault.p50).toFixed(1)} ms, p95 ~${(full.p95 - vault.p95).toFixed(1)} ms`);
  console.log(`  a first sign-in (creates the vault):  ${fmt(first)}`);
  console.log(`Reading the session's vault per request: ${fmt(read)}`);
});

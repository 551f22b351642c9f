// `npm run bench:sign-in`: what the personal vault adds to a sign-in and to each private request,
// in this process against a throwaway embedded PostgreSQL (the domain functions, no HTTP). The
// machine's load drifts, so the two are measured interleaved, run by run:
// - a sign-in as it is (lib/auth/sign-in.ts: throttle, password check, session, and opening the
//   vault: one argon2id derivation, the unwrap, the session's sealed key);
// - the same sign-in without the vault (what it did before vaults: signInWithPassword's steps up
//   to the session, then nothing);
// and separately a person's first sign-in (which creates their vault) and reading the session's
// vault, which a Boss Bot message does three times before its first token and a private note once.
// Run with --conditions=react-server (the npm script does) so `server-only` imports resolve.
import { withBenchDatabase, timeRuns } from "./bench-db";

const RUNS = Number(process.env.BENCH_RUNS ?? 80);
const PASSWORD = "Bench-sign-in-2026";
const fmt = (r: { p50: number; p95: number }) => `median ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms`;
const pct = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { p50: s[Math.floor(s.length * 0.5)]!, p95: s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)]! };
};

await withBenchDatabase(async ({ workspace }) => {
  const { withOrg } = await import("@/lib/db/tenant");
  const { hashPassword, verifyPassword } = await import("@/lib/auth/password");
  const { signInWithPassword } = await import("@/lib/auth/sign-in");
  const { createSession, endSession } = await import("@/lib/auth/sessions");
  const { sessionVault } = await import("@/lib/vault/vault");
  const { ctx } = await workspace("signinbench");
  const orgId = ctx.orgId;
  const passwordHash = await hashPassword(PASSWORD);
  const person = (email: string) =>
    withOrg(orgId, (tx) =>
      tx.user.create({
        data: { organizationId: orgId, firstName: "Bench", lastName: "Person", email, role: "manager", passwordHash },
        select: { id: true, email: true },
      }),
    );

  const regular = await person("regular@bench.example");
  const signIn = async (email: string) => {
    const r = await signInWithPassword({ orgId, email, password: PASSWORD, address: null, userAgent: "bench" });
    if (!r.ok) throw new Error(`sign-in refused: ${r.reason}`);
    return r;
  };
  // Before vaults: the user's row, the password check and the session (the throttle's two small
  // writes are left out, which favours "before").
  const signInBefore = async (email: string) => {
    const user = await withOrg(orgId, (tx) =>
      tx.user.findUnique({
        where: { organizationId_email: { organizationId: orgId, email } },
        select: { id: true, passwordHash: true },
      }),
    );
    if (!(await verifyPassword(user?.passwordHash, PASSWORD))) throw new Error("refused");
    return withOrg(orgId, (tx) => createSession(tx, orgId, user!.id, "bench"));
  };

  await signIn(regular.email);
  await signInBefore(regular.email);
  const withVault: number[] = [];
  const without: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    let t = performance.now();
    await signIn(regular.email);
    withVault.push(performance.now() - t);
    t = performance.now();
    await signInBefore(regular.email);
    without.push(performance.now() - t);
  }
  const diffs = withVault.map((w, i) => w - without[i]!);

  let n = 0;
  const people = await Promise.all(Array.from({ length: RUNS + 1 }, () => person(`first${n++}@bench.example`)));
  let next = 0;
  const first = await timeRuns(RUNS, () => signIn(people[next++]!.email));

  const s = await signIn(regular.email);
  const sessionCtx = {
    orgId,
    userId: regular.id,
    role: "manager" as const,
    sessionId: s.sessionId,
    vaultSecret: s.vaultSecret,
  };
  const read = await timeRuns(RUNS * 5, () =>
    withOrg(orgId, (tx) => sessionVault(tx, sessionCtx), { userId: regular.id }),
  );
  await endSession(sessionCtx);

  console.log(`Sign-in, ${RUNS} runs each, interleaved (this process, embedded PostgreSQL):`);
  console.log(`  with the vault (now):             ${fmt(pct(withVault))}`);
  console.log(`  without it (as before vaults):    ${fmt(pct(without))}`);
  console.log(`  the difference, run by run:       ${fmt(pct(diffs))}`);
  console.log(`  a first sign-in (creates a vault): ${fmt(first)}`);
  console.log(`Reading the session's vault (per private request): ${fmt(read)}`);
});

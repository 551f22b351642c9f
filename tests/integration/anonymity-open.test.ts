import { describe, expect, it } from "vitest";
import { createHash, randomUUID } from "node:crypto";
import pg from "pg";
import { withOrg } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { createSurvey, sendSurvey } from "@/lib/surveys/send";
import { submitResponse } from "@/lib/surveys/submit";
import { readSurveyForTaker } from "@/lib/surveys/survey-read";
import { createCustomSurvey } from "@/lib/surveys/custom";
import { customSurveySchema } from "@/lib/surveys/custom-schemas";
import { closeSurveyNow } from "@/lib/surveys/round-lifecycle";
import { deliverMail } from "@/lib/mail/deliver";
import { surveyResults } from "@/lib/analytics/survey-results";
import { submissionSchema } from "@/lib/surveys/take-schemas";
import { createOrg, createUser } from "../support/factories";
import { status } from "../support/status";
import { ownerClient } from "../support/owner-client";
import { recordingTransport } from "../support/recording-transport";
import { deliverSurveyInvitations, linkToken } from "../support/survey-links";
import { answerMarker } from "@/lib/surveys/marker";

// An open survey, attacked by someone who reads the database while people answer: as the
// application role (pulsewell_app, inside the organisation) and as a superuser (the database, its
// backups). They hold every row, every system column and every hash; the raw link tokens are only
// in the people's mailboxes (the recording transport). Nothing they can join must line a pending
// answer up with an invitation, a person or an e-mail address.

const superuser = ownerClient();

type Query = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** The application role's connection, scoped to one organisation as withOrg() scopes it. */
async function asAppRole<T>(orgId: string, run: (q: Query) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_APP_URL });
  await client.connect();
  try {
    await client.query("BEGIN");
    await client.query("SELECT set_config('app.org_id', $1, true)", [orgId]);
    const out = await run(async (sql, params) => (await client.query(sql, params)).rows as Record<string, unknown>[]);
    await client.query("ROLLBACK");
    return out;
  } finally {
    await client.end();
  }
}
const asSuperuser: Query = async (sql, params) =>
  (await superuser().query(sql, params)).rows as Record<string, unknown>[];

const QUESTIONS = [
  {
    type: "scale" as const,
    text: "I know what is expected of me.",
    isRequired: true,
    dimension: "alignment",
    bankKey: "alignment_1",
  },
  { type: "enps" as const, text: "Would you recommend us?", isRequired: true, bankKey: "enps" },
  { type: "text" as const, text: "Anything else?", isRequired: false },
];

/** A deterministic shuffle (a seeded LCG), so the submission order is arbitrary but repeatable. */
function shuffled<T>(xs: readonly T[], seed: number): T[] {
  const out = [...xs];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2147483648;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Every row of every table the connection may read in these schemas: table, ctid, xmin and the
 * row as text (what an attacker greps for names, ids and hashes). */
async function everyRow(
  q: Query,
  schemas: string[],
): Promise<{ table: string; ctid: string; xmin: bigint; text: string }[]> {
  const tables = await q(
    `SELECT format('%I.%I', n.nspname, c.relname) AS t FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind IN ('r', 'p') AND n.nspname = ANY($1) AND has_table_privilege(c.oid, 'SELECT') ORDER BY 1`,
    [schemas],
  );
  const out: { table: string; ctid: string; xmin: bigint; text: string }[] = [];
  for (const { t } of tables) {
    const rows = await q(
      `SELECT ctid::text AS ctid, xmin::text AS xmin, row_to_json(r)::text AS text FROM ${String(t)} r`,
    );
    for (const r of rows)
      out.push({ table: String(t), ctid: String(r.ctid), xmin: BigInt(String(r.xmin)), text: String(r.text) });
  }
  return out;
}

const sha256 = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");

/** Every token-like word in any outbox message of the organisation (text, html, subject) that
 * opens one of the survey's invitations or yields one of its pool's markers: what a superuser who
 * reads the outbox could join an answer to its person with. */
async function tokensInOutbox(orgId: string, surveyId: string): Promise<string[]> {
  const rows = await asSuperuser(
    `SELECT subject || ' ' || text || ' ' || coalesce(html, '') AS body FROM "MailMessage" WHERE "organizationId" = $1`,
    [orgId],
  );
  const hashes = new Set(
    (await asSuperuser(`SELECT "tokenHash" FROM "SurveyInvitation" WHERE "surveyId" = $1`, [surveyId])).map((r) =>
      String(r.tokenHash),
    ),
  );
  const markers = new Set(
    (await asSuperuser(`SELECT marker FROM "SurveyPendingResponse" WHERE "surveyId" = $1`, [surveyId])).map((r) =>
      String(r.marker),
    ),
  );
  const words = rows.flatMap((r) => String(r.body).match(/[\w%{}-]{8,}/g) ?? []);
  return words.filter((w) => hashes.has(sha256(w)) || markers.has(answerMarker(surveyId, w)));
}

describe("open answers are unlinkable", () => {
  it(
    "50 submissions on an open survey: no join as the app role or as superuser matches a pending answer to an invitation",
    { timeout: 120_000 },
    async () => {
      const { orgId } = await createOrg({ maxUsers: 100 });
      const admin = await createUser(orgId, { role: "admin" });
      const people = await Promise.all(Array.from({ length: 50 }, () => createUser(orgId)));
      // Two attributed teams of twenty, ten people without a team.
      await withOrg(orgId, async (tx) => {
        for (const [k, name] of ["Customer Success", "Engineering"].entries()) {
          const team = await tx.team.create({ data: { organizationId: orgId, name }, select: { id: true } });
          await tx.user.updateMany({
            where: { organizationId: orgId, id: { in: people.slice(k * 20, k * 20 + 20).map((p) => p.id) } },
            data: { teamId: team.id },
          });
        }
      });
      const surveyId = await withOrg(orgId, async (tx) => {
        const { surveyId } = await createSurvey(
          tx,
          orgId,
          { kind: "pulse", title: "Weekly Pulse", audienceTeamIds: [], createdById: null, questions: QUESTIONS },
          new Date(),
        );
        await sendSurvey(tx, orgId, surveyId, new Date());
        return surveyId;
      });

      // Sent but not delivered: the outbox holds 51 e-mails and no token, and no link works yet.
      const queued = await withOrg(orgId, (tx) =>
        tx.mailMessage.findMany({
          where: { organizationId: orgId, ref: `survey:${surveyId}` },
          select: { id: true, text: true },
        }),
      );
      expect(queued).toHaveLength(51);
      for (const m of queued) expect(m.text).toContain(`/surveys/${surveyId}?token={{surveyToken}}`);
      expect(await tokensInOutbox(orgId, surveyId)).toEqual([]);
      const undelivered = await asSuperuser(`SELECT "tokenHash" FROM "SurveyInvitation" WHERE "surveyId" = $1`, [
        surveyId,
      ]);
      expect(undelivered.every((r) => String(r.tokenHash).startsWith("pending:"))).toBe(true);

      // The e-mails go out; the links now live in the mailboxes only.
      const transport = recordingTransport();
      for (const m of queued) expect(await deliverMail(orgId, m.id, transport)).toBe("sent");
      const mailbox = new Map(transport.sent.map((m) => [m.to, linkToken(m.text)]));
      // Each delivered link opens its own invitation, and the outbox still holds none of them.
      const issued = new Set(
        (await asSuperuser(`SELECT "tokenHash" FROM "SurveyInvitation" WHERE "surveyId" = $1`, [surveyId])).map((r) =>
          String(r.tokenHash),
        ),
      );
      expect([...mailbox.values()].filter((t) => issued.has(sha256(t)))).toHaveLength(51);
      expect(await tokensInOutbox(orgId, surveyId)).toEqual([]);
      const stored = await asSuperuser(
        `SELECT text, coalesce(html, '') AS html FROM "MailMessage" WHERE "organizationId" = $1`,
        [orgId],
      );
      for (const m of stored) {
        expect(String(m.text)).toContain("?token=removed-after-delivery");
        for (const token of mailbox.values()) expect(`${String(m.text)}${String(m.html)}`).not.toContain(token);
      }

      const questions = await withOrg(orgId, (tx) =>
        tx.surveyQuestion.findMany({
          where: { organizationId: orgId, surveyId },
          orderBy: { order: "asc" },
          select: { id: true, type: true },
        }),
      );
      const answerAs = (i: number) =>
        submitResponse(
          orgId,
          submissionSchema.parse({
            surveyId,
            responses: questions.map((q) => ({
              questionId: q.id,
              answer:
                q.type === "scale" ? (i % 5) + 1 : q.type === "enps" ? i % 11 : `answer ${String(i).padStart(2, "0")}`,
            })),
          }),
          { token: mailbox.get(people[i]!.email)! },
        );

      const before = await everyRow(asSuperuser, ["public", "pgboss"]);
      // People answer in their own order, not the order of the invitations.
      for (const i of shuffled(
        people.map((_, i) => i),
        20261127,
      ))
        await answerAs(i);
      // The same link again is still refused, and stores nothing.
      expect(await status(answerAs(7), 201)).toBe(409);
      expect(
        (await readSurveyForTaker(orgId, surveyId, { token: mailbox.get(people[7]!.email)! }))?.survey.alreadyAnswered,
      ).toBe(true);
      expect(
        (await readSurveyForTaker(orgId, surveyId, { token: mailbox.get(admin.email)! }))?.survey.alreadyAnswered,
      ).toBe(false);
      const after = await everyRow(asSuperuser, ["public", "pgboss"]);

      // 1. The submissions wrote the pool and nothing else: no invitation, no counter, no
      //    participation row, no outbox message, no job, in any schema.
      const key = (r: { table: string; ctid: string; xmin: bigint }) => `${r.table} ${r.ctid} ${r.xmin}`;
      const old = new Set(before.map(key));
      const written = after.filter((r) => !old.has(key(r)));
      expect(new Set(written.map((r) => r.table))).toEqual(new Set(['public."SurveyPendingResponse"']));
      expect(written).toHaveLength(50);
      const kept = new Set(after.map(key));
      expect(before.filter((r) => !kept.has(key(r)))).toEqual([]);

      // Who wrote each pending row, known to the test only (the comment carries the person's index).
      const truth = async (q: Query) =>
        new Map(
          (
            await q(
              `SELECT id::text AS id, (SELECT a->>'t' FROM jsonb_array_elements(answers) a WHERE a->>'t' IS NOT NULL) AS t FROM "SurveyPendingResponse" WHERE "surveyId" = $1`,
              [surveyId],
            )
          ).map((r) => [String(r.id), people[Number(String(r.t).slice("answer ".length))]!.id]),
        );

      const identifiers = (userId: string, tokenHash: string) => {
        const email = people.find((p) => p.id === userId)?.email ?? "";
        return [userId, email, tokenHash];
      };

      for (const [role, run] of [
        ["superuser", <T>(f: (q: Query) => Promise<T>) => f(asSuperuser)],
        ["app role", <T>(f: (q: Query) => Promise<T>) => asAppRole(orgId, f)],
      ] as const) {
        await run(async (q) => {
          const who = await truth(q);
          expect(who.size, role).toBe(50);
          const pool = await q(
            `SELECT id::text AS id, xmin::text AS xmin, ctid::text AS ctid, marker FROM "SurveyPendingResponse" WHERE "surveyId" = $1`,
            [surveyId],
          );
          const invitations = await q(
            `SELECT id::text AS id, "userId"::text AS "userId", "tokenHash", xmin::text AS xmin, ctid::text AS ctid FROM "SurveyInvitation" WHERE "surveyId" = $1`,
            [surveyId],
          );
          expect(pool, role).toHaveLength(50);
          expect(invitations, role).toHaveLength(51);

          // 2. Shared or adjacent transaction ids: none.
          const xmins = await q(
            `SELECT count(*)::int AS n FROM "SurveyPendingResponse" p JOIN "SurveyInvitation" i ON i."surveyId" = p."surveyId"
           WHERE p."surveyId" = $1 AND abs(p.xmin::text::bigint - i.xmin::text::bigint) <= 1`,
            [surveyId],
          );
          expect(xmins[0]!.n, `${role}: xmin`).toBe(0);
          // Nor with any other row the connection can read that names a person: same transaction,
          // the one before or the one after.
          const rows = await everyRow(q, ["public", "pgboss"]);
          for (const p of pool) {
            const x = BigInt(String(p.xmin));
            const shared = rows.filter((r) => r.xmin === x && r.table !== 'public."SurveyPendingResponse"');
            expect(shared, `${role}: rows written with a pending answer`).toEqual([]);
            const submitter = who.get(String(p.id))!;
            const inv = invitations.find((i) => i.userId === submitter)!;
            const near = rows.filter(
              (r) => (r.xmin === x - 1n || r.xmin === x + 1n) && r.table !== 'public."SurveyPendingResponse"',
            );
            for (const r of near)
              for (const id of identifiers(submitter, String(inv.tokenHash)))
                expect(r.text, `${role}: ${r.table} next to a pending answer`).not.toContain(id);
          }

          // 3. Order: the pool's physical order or transaction order against the invitations' order
          //    (physical, by id, by person, by lookup hash) matches no better than chance (one in 50
          //    on average; eight or more happen about once in 100,000 shufflings).
          const byNum = (k: string) => (a: Record<string, unknown>, b: Record<string, unknown>) => {
            const [x, y] = [String(a[k]), String(b[k])];
            return k === "xmin" ? Number(BigInt(x) - BigInt(y)) : k === "ctid" ? ctidOrder(x, y) : x.localeCompare(y);
          };
          const invited = invitations.filter((i) => i.userId !== admin.id);
          for (const pk of ["ctid", "xmin", "id", "marker"]) {
            const p = [...pool].sort(byNum(pk));
            for (const ik of ["ctid", "id", "userId", "tokenHash"]) {
              const i = [...invited].sort(byNum(ik));
              const right = p.filter((row, n) => who.get(String(row.id)) === i[n]!.userId).length;
              expect(right, `${role}: pool by ${pk} against invitations by ${ik}`).toBeLessThan(8);
            }
          }

          // 4. Hashes of what the invitation row holds: none is a marker.
          const hashes = await q(
            `SELECT count(*)::int AS n FROM "SurveyPendingResponse" p JOIN "SurveyInvitation" i ON i."surveyId" = p."surveyId"
           WHERE p."surveyId" = $1 AND p.marker IN (
             i."tokenHash", i.id::text, i."userId"::text,
             encode(sha256(convert_to(i."tokenHash", 'UTF8')), 'hex'),
             encode(sha256(convert_to(i.id::text, 'UTF8')), 'hex'),
             encode(sha256(convert_to(i."userId"::text, 'UTF8')), 'hex'),
             encode(sha256(convert_to('pulsewell answer marker|' || i."surveyId" || '|' || i."tokenHash", 'UTF8')), 'hex'),
             encode(sha256(convert_to('pulsewell answer marker|' || i."surveyId" || '|' || i."userId", 'UTF8')), 'hex'),
             encode(sha256(convert_to(i."surveyId" || '|' || i."tokenHash", 'UTF8')), 'hex'),
             md5(i."tokenHash"), md5(i."userId"::text))`,
            [surveyId],
          );
          expect(hashes[0]!.n, `${role}: hashes`).toBe(0);
          // The pool keeps no time, and its ids are random.
          const times = await q(
            `SELECT column_name FROM information_schema.columns WHERE table_name = 'SurveyPendingResponse' AND (data_type LIKE 'timestamp%' OR data_type IN ('date', 'time', 'bigint', 'integer'))`,
          );
          expect(times, role).toEqual([]);
        });
      }
      // After the answers, no word of the outbox yields a pool marker (each mailbox's token does).
      expect(await tokensInOutbox(orgId, surveyId)).toEqual([]);
      const poolMarkers = new Set(
        (await asSuperuser(`SELECT marker FROM "SurveyPendingResponse" WHERE "surveyId" = $1`, [surveyId])).map((r) =>
          String(r.marker),
        ),
      );
      expect(people.filter((p) => poolMarkers.has(answerMarker(surveyId, mailbox.get(p.email)!)))).toHaveLength(50);
      // The same hashes computed here, with every invitation's stored hash standing in for the token.
      const markers = new Set(
        (await asSuperuser(`SELECT marker FROM "SurveyPendingResponse" WHERE "surveyId" = $1`, [surveyId])).map((r) =>
          String(r.marker),
        ),
      );
      const stored2 = await asSuperuser(`SELECT "tokenHash" FROM "SurveyInvitation" WHERE "surveyId" = $1`, [surveyId]);
      for (const r of stored2)
        for (const guess of [
          sha256(String(r.tokenHash)),
          sha256(`pulsewell answer marker|${surveyId}|${String(r.tokenHash)}`),
        ])
          expect(markers.has(guess)).toBe(false);
    },
  );

  it("four never-activated accounts in a team with one real person: a custom survey to the team reaches only the real person, and the team stays hidden", async () => {
    const { orgId } = await createOrg();
    const admin = await createUser(orgId, { role: "admin" });
    const adminCtx: AuthContext = { orgId, userId: admin.id, role: "admin", sessionId: randomUUID() };
    const real = await createUser(orgId, { firstName: "Rae" });
    // Accounts the admin made for mailboxes they hold, never activated.
    const fakes = await Promise.all(Array.from({ length: 4 }, () => createUser(orgId, { password: null })));
    const team = await withOrg(orgId, async (tx) => {
      const t = await tx.team.create({
        data: { organizationId: orgId, name: "Customer Success" },
        select: { id: true },
      });
      await tx.user.updateMany({
        where: { organizationId: orgId, id: { in: [real.id, ...fakes.map((f) => f.id)] } },
        data: { teamId: t.id },
      });
      return t.id;
    });
    const { surveyId, invited } = await createCustomSurvey(
      adminCtx,
      customSurveySchema.parse({
        title: "Quick check",
        questions: [
          { type: "scale", text: "All good?", isRequired: true },
          { type: "text", text: "Anything else?", isRequired: false },
        ],
        audience: { teamIds: [team] },
        send: { now: true },
      }),
    );
    expect(invited).toBe(1);
    const mails = await deliverSurveyInvitations(orgId, surveyId);
    expect(mails.map((m) => m.to)).toEqual([real.email]);
    const invitations = await withOrg(orgId, (tx) =>
      tx.surveyInvitation.findMany({
        where: { organizationId: orgId, surveyId },
        select: { userId: true, teamId: true },
      }),
    );
    // One person is below the minimum group: the team is not attributed.
    expect(invitations).toEqual([{ userId: real.id, teamId: null }]);

    const token = linkToken(mails[0]!.text);
    // Before answering, the page says how the answers are reported: nowhere, the group is too small.
    expect((await readSurveyForTaker(orgId, surveyId, { token }))?.survey.reportedWith).toEqual({
      team: null,
      organisationPeople: 1,
    });
    const qs = await withOrg(orgId, (tx) =>
      tx.surveyQuestion.findMany({
        where: { organizationId: orgId, surveyId },
        orderBy: { order: "asc" },
        select: { id: true },
      }),
    );
    await submitResponse(
      orgId,
      {
        surveyId,
        responses: [
          { questionId: qs[0]!.id, answer: 2 },
          { questionId: qs[1]!.id, answer: "My manager is unfair" },
        ],
      },
      { token },
    );
    await closeSurveyNow(adminCtx, surveyId);

    const results = await surveyResults(adminCtx, surveyId);
    expect(results.released).toBe(true);
    expect(results.groups.find((g) => g.id === team)).toBeUndefined();
    for (const g of results.groups) {
      expect(g.reason).not.toBeNull();
      expect(g.questions).toEqual([]);
    }
    expect(JSON.stringify(results)).not.toContain("My manager is unfair");
  });
});

/** "(page,item)" ctids in physical order. */
function ctidOrder(a: string, b: string): number {
  const [pa, ia] = a.slice(1, -1).split(",").map(Number) as [number, number];
  const [pb, ib] = b.slice(1, -1).split(",").map(Number) as [number, number];
  return pa - pb || ia - ib;
}

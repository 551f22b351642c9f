// Seeds the survey benchmark's organisation straight in SQL as the owner: 10,000 employees in
// 200 teams (each with a manager), 52 closed weekly rounds with their anonymous responses and
// answers (about 2.6 million), and the rollups and participation the app keeps, computed from
// those answers with the app's scoring rules. Going through the app would take hours.
import { randomBytes, randomUUID } from "node:crypto";
import pg from "pg";
import { hashToken } from "@/lib/auth/token-hash";
import { DIMENSION_KEYS } from "@/lib/surveys/dimensions";

export const NIL = "00000000-0000-0000-0000-000000000000";

export type SeedSize = { employees: number; teams: number; rounds: number };

export async function seedSurveyOrg(
  client: pg.Client,
  orgId: string,
  subdomain: string,
  size: SeedSize,
): Promise<{ adminId: string }> {
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  const dims = `ARRAY[${DIMENSION_KEYS.map((d) => `'${d}'`).join(",")}]`;
  await q("BEGIN");
  await q(
    `INSERT INTO "Organization" (id, name, subdomain, "maxUsers", "minGroupSize", "updatedAt") VALUES ($1, 'Bench Co', $2, 100000, 3, now())`,
    [orgId, subdomain],
  );
  const admin = await q(
    `INSERT INTO "User" ("organizationId", id, "firstName", "lastName", email, role, "passwordSetAt", "updatedAt")
     VALUES ($1, gen_random_uuid(), 'Ada', 'Admin', 'admin@bench.example', 'admin', now(), now()) RETURNING id`,
    [orgId],
  );
  const adminId = (admin.rows[0] as { id: string }).id;
  await q(
    `INSERT INTO "User" ("organizationId", id, "firstName", "lastName", email, role, "managerId", "updatedAt")
     SELECT $1, gen_random_uuid(), 'Manager', t::text, 'm' || t || '@bench.example', 'manager', $2, now() FROM generate_series(0, $3 - 1) t`,
    [orgId, adminId, size.teams],
  );
  await q(
    `INSERT INTO "Team" ("organizationId", id, name, "managerId", "updatedAt")
     SELECT $1, gen_random_uuid(), 'Team ' || lpad(t::text, 3, '0'), u.id, now()
     FROM generate_series(0, $2 - 1) t JOIN "User" u ON u."organizationId" = $1 AND u.email = 'm' || t || '@bench.example'`,
    [orgId, size.teams],
  );
  await q(
    `UPDATE "User" u SET "teamId" = t.id FROM "Team" t WHERE t."organizationId" = $1 AND u."organizationId" = $1 AND u.id = t."managerId"`,
    [orgId],
  );
  await q(
    `INSERT INTO "User" ("organizationId", id, "firstName", "lastName", email, role, "teamId", "managerId", "updatedAt")
     SELECT $1, gen_random_uuid(), 'Employee', e::text, 'e' || e || '@bench.example', 'employee', t.id, t."managerId", now()
     FROM generate_series(0, $2 - 1) e
     JOIN (SELECT id, "managerId", row_number() OVER (ORDER BY name) - 1 AS idx FROM "Team" WHERE "organizationId" = $1) t ON t.idx = e % $3`,
    [orgId, size.employees, size.teams],
  );
  // Rounds, one a week, the newest closed a week ago.
  await q(
    `INSERT INTO "Survey" ("organizationId", id, kind, title, status, "roundKey", "scheduledFor", "sentAt", "closesAt", "closedAt", "minGroupSize", "invitedCount", "responseCount")
     SELECT $1, gen_random_uuid(), 'pulse', 'Weekly Pulse ' || r, 'closed', 'bench-' || r, s, s, s + interval '7 days', s + interval '7 days', 3, $3, $4
     FROM generate_series(1, $2) r, LATERAL (SELECT now() - ((($2 - r) + 2) * interval '7 days') AS s) x`,
    [orgId, size.rounds, size.employees + size.teams, size.employees],
  );
  // Five scale questions a round on rotating dimensions, and eNPS every fourth round.
  await q(
    `INSERT INTO "SurveyQuestion" ("organizationId", id, "surveyId", "order", type, text, "isRequired", dimension, "bankKey")
     SELECT $1, gen_random_uuid(), s.id, k, 'scale', 'Bench statement ' || k, true, (${dims})[((r * 3 + k) % 11) + 1], 'bench_' || k
     FROM (SELECT id, substring("roundKey" FROM 7)::int AS r FROM "Survey" WHERE "organizationId" = $1) s, generate_series(1, 5) k`,
    [orgId],
  );
  await q(
    `INSERT INTO "SurveyQuestion" ("organizationId", id, "surveyId", "order", type, text, "isRequired", "bankKey")
     SELECT $1, gen_random_uuid(), id, 6, 'enps', 'How likely are you to recommend Bench Co as a place to work?', true, 'enps'
     FROM "Survey" WHERE "organizationId" = $1 AND substring("roundKey" FROM 7)::int % 4 = 1`,
    [orgId],
  );
  // Every employee answers every round; teams lean differently so rankings differ.
  await q(
    `INSERT INTO "SurveyResponse" ("organizationId", id, "surveyId", "teamId")
     SELECT $1, gen_random_uuid(), s.id, u."teamId" FROM "Survey" s JOIN "User" u ON u."organizationId" = $1 AND u.role = 'employee' WHERE s."organizationId" = $1`,
    [orgId],
  );
  await q(
    `INSERT INTO "SurveyAnswer" ("organizationId", "responseId", "questionId", value)
     SELECT $1, r.id, q.id,
       CASE WHEN q.type = 'enps' THEN least(10, greatest(0, 7 + (abs(hashtext(r."teamId"::text)) % 5) - 2 + floor(random() * 4)::int - 1))
            ELSE least(5, greatest(1, 4 + (abs(hashtext(r."teamId"::text)) % 3) - 1 + floor(random() * 3)::int - 1)) END
     FROM "SurveyResponse" r JOIN "SurveyQuestion" q ON q."organizationId" = $1 AND q."surveyId" = r."surveyId"
     WHERE r."organizationId" = $1`,
    [orgId],
  );
  await q(
    `INSERT INTO "SurveyRollup" ("organizationId", "surveyId", "teamId", metric, n, sum, promoters, detractors)
     SELECT $1, q."surveyId", g.team, CASE WHEN q.type = 'enps' THEN 'enps' ELSE q.dimension END, count(*),
            sum(CASE WHEN q.type = 'enps' THEN a.value ELSE (a.value - 1) * 2.5 END),
            count(*) FILTER (WHERE q.type = 'enps' AND a.value >= 9), count(*) FILTER (WHERE q.type = 'enps' AND a.value <= 6)
     FROM "SurveyAnswer" a
     JOIN "SurveyQuestion" q ON q."organizationId" = $1 AND q.id = a."questionId"
     JOIN "SurveyResponse" r ON r."organizationId" = $1 AND r.id = a."responseId"
     CROSS JOIN LATERAL (VALUES (r."teamId"), ('${NIL}'::uuid)) g(team)
     WHERE a."organizationId" = $1 GROUP BY 1, 2, 3, 4`,
    [orgId],
  );
  await q(
    `INSERT INTO "SurveyParticipation" ("organizationId", "surveyId", "teamId", invited, responded)
     SELECT $1, s.id, t.id, (SELECT count(*) FROM "User" u WHERE u."organizationId" = $1 AND u."teamId" = t.id), $2::int / $3::int
     FROM "Survey" s CROSS JOIN "Team" t WHERE s."organizationId" = $1 AND t."organizationId" = $1
     UNION ALL
     SELECT $1, s.id, '${NIL}'::uuid, s."invitedCount", s."responseCount" FROM "Survey" s WHERE s."organizationId" = $1`,
    [orgId, size.employees, size.teams],
  );
  await q("COMMIT");
  await q(`ANALYZE`);
  return { adminId };
}

export type LoadRound = {
  surveyId: string;
  questions: { id: string; type: "scale" | "enps" }[];
  /** One raw personal link token per employee (only their hashes are stored). */
  tokens: string[];
};

/** An open pulse round with six questions and a personal link token for every employee, as a
 * pulse send would leave it (the raw tokens returned, their hashes stored with the invitations). */
export async function openLoadRound(client: pg.Client, orgId: string): Promise<LoadRound> {
  const surveyId = randomUUID();
  const employees = (
    await client.query(`SELECT id, "teamId" FROM "User" WHERE "organizationId" = $1 AND role = 'employee'`, [orgId])
  ).rows as { id: string; teamId: string }[];
  await client.query(
    `INSERT INTO "Survey" ("organizationId", id, kind, title, status, "scheduledFor", "sentAt", "closesAt", "minGroupSize", "invitedCount")
     VALUES ($1, $2, 'pulse', 'Load round', 'active', now(), now(), now() + interval '7 days', 3, $3)`,
    [orgId, surveyId, employees.length],
  );
  const questions = (
    await client.query(
      `INSERT INTO "SurveyQuestion" ("organizationId", id, "surveyId", "order", type, text, "isRequired", dimension, "bankKey")
       SELECT $1, gen_random_uuid(), $2, k, CASE WHEN k = 6 THEN 'enps' ELSE 'scale' END::"QuestionType", 'Load question ' || k, true,
              CASE WHEN k = 6 THEN NULL ELSE (ARRAY['overall','recognition','feedback','alignment','wellness'])[k] END, 'load_' || k
       FROM generate_series(1, 6) k RETURNING id, type`,
      [orgId, surveyId],
    )
  ).rows as LoadRound["questions"];
  const tokens = employees.map(() => randomBytes(32).toString("base64url"));
  await client.query(
    `INSERT INTO "SurveyInvitation" ("organizationId", id, "surveyId", "userId", "tokenHash", "teamId")
     SELECT $1, gen_random_uuid(), $2, v.u, v.h, v.t FROM unnest($3::uuid[], $4::text[], $5::uuid[]) AS v(u, h, t)`,
    [orgId, surveyId, employees.map((e) => e.id), tokens.map(hashToken), employees.map((e) => e.teamId)],
  );
  await client.query(
    `INSERT INTO "SurveyParticipation" ("organizationId", "surveyId", "teamId", invited)
     SELECT $1::uuid, $2::uuid, "teamId", count(*)::int FROM "SurveyInvitation" WHERE "surveyId" = $2::uuid GROUP BY "teamId"
     UNION ALL SELECT $1::uuid, $2::uuid, '${NIL}'::uuid, $3::int`,
    [orgId, surveyId, employees.length],
  );
  return { surveyId, questions, tokens };
}

/** A valid set of answers to a load round's questions. */
export function loadAnswers(questions: LoadRound["questions"]) {
  return questions.map((q) => ({
    questionId: q.id,
    answer: q.type === "enps" ? Math.floor(Math.random() * 11) : 1 + Math.floor(Math.random() * 5),
    submittedAt: new Date().toISOString(),
  }));
}

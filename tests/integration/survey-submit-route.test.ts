import { describe, expect, it, vi } from "vitest";
import { randomInt } from "node:crypto";
import { NextRequest } from "next/server";
import { withOrg } from "@/lib/db/tenant";
import { currentTenant } from "@/lib/tenancy/resolve";
import { addressKey, RATE_LIMITS } from "@/lib/api/rate-limit";
import { createSurvey, sendSurvey } from "@/lib/surveys/send";
import { POST } from "@/app/api/surveys/responses/route";
import { createOrg, createUser } from "../support/factories";
import { ownerClient } from "../support/owner-client";
import { deliverSurveyInvitations, linkToken } from "../support/survey-links";

// POST /api/surveys/responses as Next calls it; only the workspace is given rather than read from
// the Host. The rate limit's row names the client's address: it is written for refused
// submissions only, never beside a stored answer.

vi.mock("@/lib/tenancy/resolve", () => ({ currentTenant: vi.fn() }));
const owner = ownerClient();

describe("the survey submission route", () => {
  it("stores an answer without counting it against the rate limit; refused ones are counted and stopped", async () => {
    const { orgId, subdomain } = await createOrg();
    vi.mocked(currentTenant).mockResolvedValue({ orgId, subdomain });
    const people = await Promise.all([0, 1, 2].map(() => createUser(orgId)));
    const surveyId = await withOrg(orgId, async (tx) => {
      const { surveyId } = await createSurvey(
        tx,
        orgId,
        {
          kind: "custom",
          title: "Check",
          audienceTeamIds: [],
          createdById: null,
          questions: [{ type: "scale", text: "All good?", isRequired: true }],
        },
        new Date(),
      );
      await sendSurvey(tx, orgId, surveyId, new Date());
      return surveyId;
    });
    const mails = await deliverSurveyInvitations(orgId, surveyId);
    const question = await withOrg(orgId, (tx) =>
      tx.surveyQuestion.findFirstOrThrow({ where: { organizationId: orgId, surveyId }, select: { id: true } }),
    );
    const tokenOf = (email: string) => linkToken(mails.find((m) => m.to === email)!.text);
    const address = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const post = (token: string) =>
      POST(
        new NextRequest(`http://${subdomain}.localhost:3000/api/surveys/responses`, {
          method: "POST",
          body: JSON.stringify({ surveyId, token, responses: [{ questionId: question.id, answer: 4 }] }),
          headers: { "content-type": "application/json", "x-forwarded-for": address },
        }),
        { params: Promise.resolve({}) },
      );
    const hits = async () =>
      Number(
        (
          await owner().query(
            `SELECT coalesce(sum(hits), 0) AS n FROM "RateLimit" WHERE name = 'surveyResponse' AND key = $1`,
            [`${orgId}|${addressKey(address)}`],
          )
        ).rows[0].n,
      );

    for (const p of people) expect((await post(tokenOf(p.email))).status).toBe(201);
    expect(await hits()).toBe(0);
    // A second answer with a link and an unknown link: refused, and counted.
    expect((await post(tokenOf(people[0]!.email))).status).toBe(409);
    expect((await post("z".repeat(43))).status).toBe(404);
    expect(await hits()).toBe(2);
    // A script trying links is stopped once the limit is used up.
    await owner().query(`UPDATE "RateLimit" SET hits = $1 WHERE name = 'surveyResponse' AND key = $2`, [
      RATE_LIMITS.surveyResponse.max,
      `${orgId}|${addressKey(address)}`,
    ]);
    const stopped = await post("y".repeat(43));
    expect(stopped.status).toBe(429);
    expect(Number(stopped.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(
      await withOrg(orgId, (tx) => tx.surveyPendingResponse.count({ where: { organizationId: orgId, surveyId } })),
    ).toBe(3);
  });
});

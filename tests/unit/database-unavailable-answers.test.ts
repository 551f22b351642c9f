import { describe, expect, it, vi } from "vitest";
import { NextRequest } from "next/server";
import pg from "pg";
import { z } from "zod";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { freePort } from "../../scripts/lib/free-port";

// What a caller sees when the database cannot be reached: a route answers 503 with Retry-After and
// a problem document, a form's action fails with the same code, and neither is logged as an
// unexpected error (it is an outage, not a bug). The errors are real: connections to a closed port.

const { apiRoute } = await import("@/lib/api/route");
const { formAction } = await import("@/lib/actions/action");
const { log } = await import("@/lib/log/logger");

async function refusedErrors(): Promise<unknown[]> {
  const url = `postgresql://nobody:x@127.0.0.1:${await freePort()}/pulsewell`;
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: url, connectionTimeoutMillis: 2_000 }) });
  const errors: unknown[] = [];
  await prisma.user.findMany().catch((e: unknown) => errors.push(e));
  await new pg.Client({ connectionString: url }).connect().catch((e: unknown) => errors.push(e));
  await prisma.$disconnect();
  expect(errors).toHaveLength(2);
  return errors;
}

describe("a database that cannot be reached", () => {
  it("makes a route answer 503 with Retry-After and a database_unavailable problem, unlogged", async () => {
    const logged = vi.spyOn(log, "error");
    for (const err of await refusedErrors()) {
      const GET = apiRoute({ auth: "public" }, async () => {
        throw err;
      });
      const res = await GET(new NextRequest("http://localhost:3000/api/anything"), { params: Promise.resolve({}) });
      expect(res.status).toBe(503);
      expect(res.headers.get("Retry-After")).toBe("5");
      expect(res.headers.get("Content-Type")).toBe("application/problem+json");
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toMatchObject({
        status: 503,
        title: "Service Unavailable",
        code: "database_unavailable",
        type: "urn:pulsewell:problem:database_unavailable",
      });
      expect(String(body.detail)).toMatch(/try again in a few seconds/);
      // Nothing of the driver's message reaches the client.
      expect(JSON.stringify(body)).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|reach database/);
    }
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
  });

  it("makes a form action fail with database_unavailable and a message to try again", async () => {
    for (const err of await refusedErrors()) {
      const action = formAction({ auth: "public", input: z.object({}) }, async () => {
        throw err;
      });
      const state = await action({ status: "idle" }, new FormData());
      expect(state).toMatchObject({ status: "error", code: "database_unavailable" });
      expect(state.message).toMatch(/try again in a few seconds/);
    }
  });
});

import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db/client";
import { withOrg } from "@/lib/db/tenant";
import { createOrg, createUser } from "../support/factories";

describe("row-level security as the application role", () => {
  it("returns no rows and refuses writes when no organisation is set", async () => {
    const a = await createOrg();
    await createUser(a.orgId);
    const users = await db().user.findMany({ where: { organizationId: a.orgId } });
    expect(users).toHaveLength(0);
    const orgs = await db().organization.findMany();
    expect(orgs).toHaveLength(0);
    await expect(
      db().user.create({ data: { organizationId: a.orgId, email: "x@example.com", firstName: "X", lastName: "Y" } }),
    ).rejects.toThrow(/row-level security/i);
  });

  it("shows one organisation only, even to a query that forgets its own filter", async () => {
    const a = await createOrg();
    const b = await createOrg();
    await createUser(a.orgId);
    const bUser = await createUser(b.orgId);
    const seen = await withOrg(a.orgId, (tx) => tx.user.findMany({ select: { organizationId: true } }));
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen.map((u) => u.organizationId))).toEqual(new Set([a.orgId]));
    const foreign = await withOrg(a.orgId, (tx) => tx.user.findFirst({ where: { id: bUser.id } }));
    expect(foreign).toBeNull();
  });

  it("refuses to write a row into another organisation", async () => {
    const a = await createOrg();
    const b = await createOrg();
    await expect(
      withOrg(a.orgId, (tx) =>
        tx.user.create({ data: { organizationId: b.orgId, email: "y@example.com", firstName: "Y", lastName: "Z" } }),
      ),
    ).rejects.toThrow(/row-level security/i);
    await expect(
      withOrg(a.orgId, (tx) =>
        tx.organization.create({ data: { id: randomUUID(), subdomain: `x${Date.now()}`, name: "Sneaky" } }),
      ),
    ).rejects.toThrow(/row-level security/i);
  });

  it("does not carry the organisation over to the next transaction on a pooled connection", async () => {
    const a = await createOrg();
    await createUser(a.orgId);
    await withOrg(a.orgId, (tx) => tx.user.count());
    const rows = await db().$queryRaw<
      { org: string | null }[]
    >`SELECT NULLIF(current_setting('app.org_id', true), '') AS org`;
    expect(rows[0]?.org ?? null).toBeNull();
    expect(await db().user.count()).toBe(0);
  });
});

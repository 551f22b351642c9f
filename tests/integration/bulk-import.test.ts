import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { withOrg } from "@/lib/db/tenant";
import { statusOf } from "../support/status";
import { DomainError } from "@/lib/errors/domain-error";
import type { AuthContext } from "@/lib/auth/context";
import type { Role } from "@/lib/generated/prisma/enums";
import { importUsers } from "@/lib/people/bulk-import";
import { acceptInvitation } from "@/lib/people/invitations";
import { importStream } from "@/lib/people/bulk-import-stream";
import { importEventSchema, type ImportEvent } from "@/lib/people/bulk-import-schemas";
import { createOrg, createUser, uniqueName } from "../support/factories";

async function actor(orgId: string, role: Role = "admin"): Promise<AuthContext> {
  const u = await createUser(orgId, { role });
  return { orgId, userId: u.id, role, sessionId: randomUUID() };
}

const row = (
  firstName: string,
  email: string,
  extra: { role?: string; department?: string; managerEmail?: string; line?: number } = {},
) => ({
  firstName,
  lastName: "Imported",
  email,
  ...extra,
});

/** Everything an import writes, to prove that a refused or failed import wrote none of it. */
async function footprint(orgId: string) {
  return withOrg(orgId, async (tx) => ({
    users: await tx.user.count({ where: { organizationId: orgId } }),
    teams: await tx.team.count({ where: { organizationId: orgId } }),
    invitations: await tx.authToken.count({ where: { organizationId: orgId, purpose: "invitation" } }),
    mails: await tx.mailMessage.count({ where: { organizationId: orgId, kind: "invitation" } }),
    audits: await tx.auditLog.count({ where: { organizationId: orgId, action: "users.bulk_import" } }),
  }));
}

async function idOf(orgId: string, email: string): Promise<string | undefined> {
  const u = await withOrg(orgId, (tx) =>
    tx.user.findFirst({ where: { organizationId: orgId, email }, select: { id: true } }),
  );
  return u?.id;
}

async function expectDomainError(p: Promise<unknown>, status: number): Promise<DomainError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  expect(statusOf(err as DomainError)).toBe(status);
  return err as DomainError;
}

describe("bulk import", () => {
  it("refuses the template's example people unless the admin confirmed them; then imports and invites them", async () => {
    const { orgId } = await createOrg({ maxUsers: 50 });
    const admin = await actor(orgId);
    const rows = [
      {
        firstName: "Jane",
        lastName: "Doe",
        email: "jane.doe@example.com",
        role: "manager",
        department: "Sales",
        line: 2,
      },
      { firstName: "Ann", lastName: "Real", email: `${uniqueName("ann")}@acme.test`, line: 3 },
    ];
    const before = await footprint(orgId);
    const err = await expectDomainError(importUsers(admin, rows), 409);
    expect(err.code).toBe("import_sample_rows");
    expect(err.message).toMatch(/1 example person from the import template.*Nothing was imported/);
    expect(await footprint(orgId)).toEqual(before);

    const result = await importUsers(admin, rows, { includeSampleRows: true });
    expect(result).toMatchObject({ successful: 2, failed: 0, total: 2, invited: 2 });
    expect(result.imported.map((p) => p.email)).toEqual(["jane.doe@example.com", rows[1]!.email]);
    expect((await footprint(orgId)).mails).toBe(2);
  });

  it("creates and reuses teams, links managers (also from the same file) and invites everyone new", async () => {
    const { orgId } = await createOrg({ maxUsers: 50 });
    const admin = await actor(orgId);
    const boss = await createUser(orgId, { role: "manager", email: `${uniqueName("boss")}@example.com` });
    const sales = await withOrg(orgId, (tx) =>
      tx.team.create({ data: { organizationId: orgId, name: "Sales" }, select: { id: true } }),
    );
    const rows = [
      // The employee comes before her manager, and chunkSize 2 puts them in different inserts.
      row("Ann", "ann@example.com", { department: "engineering", managerEmail: "MIA@example.com", line: 2 }),
      row("Bob", "bob@example.com", { department: "sales", managerEmail: boss.email, line: 3 }),
      row("Cat", "cat@example.com", { department: "SALES", role: "Manager", line: 4 }),
      row("Mia", "mia@example.com", { department: "Engineering", role: "manager", managerEmail: boss.email, line: 5 }),
      row("Dan", "dan@example.com", { line: 6 }),
    ];
    let invitationToken = "";
    const result = await importUsers(admin, rows, { chunkSize: 2 });
    const { imported, ...counts } = result;
    expect(counts).toEqual({ successful: 5, failed: 0, total: 5, errors: [], warnings: [], invited: 5 });
    // Who was added, managers before the people reporting to them.
    expect(new Set(imported.map((p) => p.email))).toEqual(new Set(rows.map((r) => r.email.toLowerCase())));

    await withOrg(orgId, async (tx) => {
      const teams = await tx.team.findMany({
        where: { organizationId: orgId },
        select: { id: true, name: true, managerId: true },
        orderBy: { name: "asc" },
      });
      expect(teams.map((t) => t.name)).toEqual(["Sales", "engineering"]);
      const people = await tx.user.findMany({
        where: { organizationId: orgId, lastName: "Imported" },
        select: { id: true, email: true, role: true, teamId: true, managerId: true, invitedAt: true },
      });
      const by = Object.fromEntries(people.map((p) => [p.email, p]));
      const eng = teams.find((t) => t.name === "engineering")!;
      expect(by["ann@example.com"]).toMatchObject({
        teamId: eng.id,
        managerId: by["mia@example.com"]!.id,
        role: "employee",
      });
      expect(by["mia@example.com"]).toMatchObject({ teamId: eng.id, managerId: boss.id, role: "manager" });
      expect(by["bob@example.com"]).toMatchObject({ teamId: sales.id, managerId: boss.id });
      expect(by["cat@example.com"]).toMatchObject({ teamId: sales.id, role: "manager" });
      expect(by["dan@example.com"]).toMatchObject({ teamId: null, managerId: null });
      // A manager row in a team without a manager leads it, the existing team as well as the new one.
      expect(eng.managerId).toBe(by["mia@example.com"]!.id);
      expect(teams.find((t) => t.name === "Sales")!.managerId).toBe(by["cat@example.com"]!.id);
      expect(people.every((p) => p.invitedAt)).toBe(true);
      const mails = await tx.mailMessage.findMany({
        where: { organizationId: orgId, kind: "invitation" },
        select: { to: true, text: true },
      });
      expect(mails.map((m) => m.to).sort()).toEqual(people.map((p) => p.email).sort());
      const token = /accept-invite\?token=([\w-]+)/.exec(mails[0]!.text)?.[1];
      expect(token).toBeDefined();
      invitationToken = token!;
      const log = await tx.auditLog.findFirst({
        where: { organizationId: orgId, action: "users.bulk_import" },
        select: { actorId: true, details: true },
      });
      expect(log).toEqual({ actorId: admin.userId, details: { total: 5, successful: 5, failed: 0, teamsCreated: 1 } });
    });
    expect(await footprint(orgId)).toMatchObject({ invitations: 5, mails: 5, audits: 1 });
    // The link in the e-mail works (and is valid now, so the stored expiry is right).
    await expect(acceptInvitation(orgId, invitationToken, "Chosen-password-9")).resolves.toBe(true);
  });

  it("reports e-mails that already exist (in the organisation or earlier in the file) and does not duplicate them", async () => {
    const { orgId } = await createOrg();
    const admin = await actor(orgId);
    const existing = await createUser(orgId, { email: `${uniqueName("old")}@example.com` });
    const result = await importUsers(admin, [
      row("Old", existing.email.toUpperCase(), { line: 2 }),
      row("New", "new@example.com", { line: 3 }),
      row("Again", "NEW@example.com", { line: 4 }),
    ]);
    expect(result).toMatchObject({ successful: 1, failed: 2, total: 3 });
    expect(result.errors).toEqual([
      `Line 2 (${existing.email}): a user with this email already exists in your organisation`,
      "Line 4 (new@example.com): this email is already in the import (Line 3)",
    ]);
    const counts = await withOrg(orgId, async (tx) => ({
      old: await tx.user.count({ where: { organizationId: orgId, email: existing.email } }),
      fresh: await tx.user.count({ where: { organizationId: orgId, email: "new@example.com" } }),
    }));
    expect(counts).toEqual({ old: 1, fresh: 1 });
    expect(await footprint(orgId)).toMatchObject({ invitations: 1, mails: 1 });
  });

  it("validates every row again and warns about manager links it cannot make", async () => {
    const { orgId } = await createOrg();
    const admin = await actor(orgId);
    const employee = await createUser(orgId, { role: "employee", email: `${uniqueName("emp")}@example.com` });
    const result = await importUsers(admin, [
      { firstName: "", lastName: "X", email: "not-an-email", line: 2 },
      { firstName: "Role", lastName: "X", email: "role@example.com", role: "admin" },
      "not even an object",
      row("Ghost", "ghost@example.com", { managerEmail: "nobody@example.com", line: 5 }),
      row("Emp", "emp@example.com", { managerEmail: employee.email, line: 6 }),
      row("Self", "self@example.com", { managerEmail: "self@example.com", line: 7 }),
      row("Lead1", "lead1@example.com", {
        role: "manager",
        department: "Ops",
        managerEmail: "lead2@example.com",
        line: 8,
      }),
      row("Lead2", "lead2@example.com", {
        role: "manager",
        department: "Ops",
        managerEmail: "lead1@example.com",
        line: 9,
      }),
    ]);
    expect(result).toMatchObject({ successful: 5, failed: 3, total: 8 });
    expect(result.errors).toEqual([
      "Line 2 (not-an-email): First name is required; Invalid email address",
      "Row 2 (role@example.com): Role must be employee or manager",
      "Row 3: Invalid input: expected object, received string",
    ]);
    expect(result.warnings).toEqual([
      "Line 5 (ghost@example.com): imported without a manager: nobody with the email nobody@example.com is in your organisation or this import",
      `Line 6 (emp@example.com): imported without a manager: ${employee.email} is not a manager`,
      "Line 7 (self@example.com): imported without a manager: a person cannot report to themselves",
      "Line 9 (lead2@example.com): imported without a team: Ops already has a manager",
      "Line 9 (lead2@example.com): imported without a manager: reporting to lead1@example.com would make a loop",
    ]);
    const leads = await withOrg(orgId, (tx) =>
      tx.user.findMany({
        where: { organizationId: orgId, email: { in: ["lead1@example.com", "lead2@example.com"] } },
        select: { email: true, managerId: true, teamId: true },
        orderBy: { email: "asc" },
      }),
    );
    expect(leads[0]!.managerId).toBe(await idOf(orgId, "lead2@example.com"));
    expect(leads[1]).toMatchObject({ managerId: null, teamId: null });
  });

  it("refuses the whole file when the seats do not suffice, and writes nothing", async () => {
    const { orgId } = await createOrg({ maxUsers: 4 });
    const admin = await actor(orgId);
    await createUser(orgId);
    const before = await footprint(orgId);
    const rows = [1, 2, 3].map((i) => row(`P${i}`, `p${i}@example.com`, { department: "New team" }));
    const err = await expectDomainError(importUsers(admin, rows), 409);
    expect(err.message).toBe(
      "Not enough seats: 3 people need 3 seats, but only 2 of 4 are free. Nothing was imported: remove some people from the file or add seats, then try again.",
    );
    expect(await footprint(orgId)).toEqual(before);
    // Existing people do not need seats: the same file minus one fits.
    await expect(importUsers(admin, rows.slice(1))).resolves.toMatchObject({ successful: 2 });
  });

  it("leaves nothing half-imported when it fails part-way", async () => {
    const { orgId } = await createOrg();
    const admin = await actor(orgId);
    const before = await footprint(orgId);
    const rows = Array.from({ length: 6 }, (_, i) =>
      row(`P${i}`, `p${i}@example.com`, { department: `Team ${i % 2}` }),
    );
    const boom = new Error("disk full");
    const seen: string[] = [];
    const failing = importUsers(admin, rows, {
      chunkSize: 2,
      onProgress: (p) => {
        seen.push(`${p.phase}:${p.done}`);
        if (p.phase === "writing" && p.done === 4) throw boom;
      },
    });
    await expect(failing).rejects.toBe(boom);
    expect(seen).toContain("writing:2");
    expect(await footprint(orgId)).toEqual(before);
    // Nor when it fails while inviting, after every person was written.
    await expect(
      importUsers(admin, rows, {
        onProgress: (p) => {
          if (p.phase === "inviting" && p.done > 0) throw boom;
        },
      }),
    ).rejects.toBe(boom);
    expect(await footprint(orgId)).toEqual(before);
  });

  it("is for admins only", async () => {
    const { orgId } = await createOrg();
    for (const role of ["manager", "employee"] as const) {
      const ctx = await actor(orgId, role);
      await expectDomainError(importUsers(ctx, [row("X", `${uniqueName("x")}@example.com`)]), 403);
    }
  });

  it("streams progress and sends the result line only after the transaction committed", async () => {
    const { orgId } = await createOrg();
    const admin = await actor(orgId);
    const rows = Array.from({ length: 5 }, (_, i) => row(`S${i}`, `s${i}@example.com`));
    const res = importStream((onProgress) => importUsers(admin, rows, { onProgress, chunkSize: 2 }), "test");
    expect(res.headers.get("content-type")).toBe("application/x-ndjson; charset=utf-8");
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    const events: ImportEvent[] = [];
    let buffer = "";
    let committedAtResult: number | null = null;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += value;
      let nl: number;
      while ((nl = buffer.indexOf("\n")) >= 0) {
        const event = importEventSchema.parse(JSON.parse(buffer.slice(0, nl)));
        buffer = buffer.slice(nl + 1);
        if (event.type === "result")
          committedAtResult = await withOrg(orgId, (tx) =>
            tx.user.count({ where: { organizationId: orgId, lastName: "Imported" } }),
          );
        events.push(event);
      }
    }
    expect(events.at(-1)).toMatchObject({
      type: "result",
      successful: 5,
      failed: 0,
      total: 5,
      errors: [],
      warnings: [],
      invited: 5,
    });
    expect(committedAtResult).toBe(5);
    expect(
      events
        .filter((e) => e.type === "progress")
        .map((e) => (e.type === "progress" ? `${e.phase}:${e.done}/${e.total}` : "")),
    ).toEqual([
      "validating:0/5",
      "validating:5/5",
      "writing:0/5",
      "writing:2/5",
      "writing:4/5",
      "writing:5/5",
      "inviting:0/5",
      "inviting:2/5",
      "inviting:4/5",
      "inviting:5/5",
    ]);
  });

  it("streams a refusal as an error line", async () => {
    const { orgId } = await createOrg({ maxUsers: 1 });
    const admin = await actor(orgId);
    const res = importStream((onProgress) => importUsers(admin, [row("A", "a@example.com")], { onProgress }), "test");
    const lines = (await res.text())
      .trim()
      .split("\n")
      .map((l) => importEventSchema.parse(JSON.parse(l)));
    expect(lines.at(-1)).toEqual({
      type: "error",
      status: 409,
      code: "seat_limit",
      message:
        "User limit reached: your plan has 1 seat and it is taken. Nothing was imported: remove some people from the file or add seats, then try again.",
    });
  });
});

// The account takeover, played as an admin would try it: change an activated person's e-mail,
// then reset the password from the new mailbox. And what the product does instead: only the
// person changes their own e-mail, confirmed from the new address, told to the old one with a
// 7-day undo, every session ended; every change to a sign-in, role or sessions is told.
import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { withOrg } from "@/lib/db/tenant";
import { createSession, loadSession } from "@/lib/auth/sessions";
import type { AuthContext } from "@/lib/auth/context";
import { hashToken, issueToken } from "@/lib/auth/tokens";
import { resetPassword, RESET_TTL_MS } from "@/lib/auth/password-reset";
import { changePassword } from "@/lib/auth/change-password";
import { signInWithPassword } from "@/lib/auth/sign-in";
import { recordFailure } from "@/lib/auth/throttle";
import { createUser as addPerson, getUser, updateUser } from "@/lib/people/users";
import { acceptInvitation } from "@/lib/people/invitations";
import { createTeam } from "@/lib/people/teams";
import { importUsers } from "@/lib/people/bulk-import";
import {
  confirmEmailChange,
  EMAIL_CHANGE_MAILS_PER_HOUR,
  requestEmailChange,
  undoEmailChange,
} from "@/lib/people/email-change";
import { emailChangeRequestSchema } from "@/lib/people/email-change-schemas";
import { userInputSchema, type UserInput } from "@/lib/people/schemas";
import { teamJoinTitle } from "@/lib/people/team-join";
import { createOrg, createUser, TEST_PASSWORD } from "../support/factories";
import { status } from "../support/status";

type Ws = Awaited<ReturnType<typeof workspace>>;

async function signedIn(orgId: string, userId: string, role: AuthContext["role"]): Promise<AuthContext> {
  const sessionId = await withOrg(orgId, (tx) => createSession(tx, orgId, userId, null));
  return { orgId, userId, role, sessionId };
}

async function workspace() {
  const { orgId, subdomain } = await createOrg();
  const admin = await createUser(orgId, { role: "admin", firstName: "Ada" });
  const manager = await createUser(orgId, { role: "manager", firstName: "Mona" });
  return {
    orgId,
    subdomain,
    tenant: { orgId, subdomain },
    admin,
    manager,
    adminCtx: await signedIn(orgId, admin.id, "admin"),
    managerCtx: await signedIn(orgId, manager.id, "manager"),
  };
}

const mailsTo = (orgId: string, to: string) =>
  withOrg(orgId, (tx) =>
    tx.mailMessage.findMany({ where: { organizationId: orgId, to }, orderBy: { createdAt: "asc" } }),
  );
const mailsOfKind = (orgId: string, kind: string) =>
  withOrg(orgId, (tx) => tx.mailMessage.findMany({ where: { organizationId: orgId, kind } }));
const emailOf = (orgId: string, id: string) =>
  withOrg(orgId, (tx) =>
    tx.user.findUniqueOrThrow({ where: { organizationId_id: { organizationId: orgId, id } }, select: { email: true } }),
  ).then((u) => u.email);
const notices = (orgId: string, userId: string) =>
  withOrg(orgId, (tx) =>
    tx.notification.findMany({ where: { organizationId: orgId, userId }, orderBy: { createdAt: "asc" } }),
  );
const tokenOf = (text: string, path: string) =>
  decodeURIComponent(new RegExp(`/${path}\\?token=([\\w%-]+)`).exec(text)![1]!);
const asInput = (
  u: {
    firstName: string;
    lastName: string;
    email: string;
    role: string;
    teamId: string | null;
    managerId: string | null;
  },
  over: Partial<Record<keyof UserInput, unknown>> = {},
): UserInput =>
  userInputSchema.parse({
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    role: u.role,
    teamId: u.teamId,
    managerId: u.managerId,
    ...over,
  });
const request = (newEmail: string, currentPassword = TEST_PASSWORD) =>
  emailChangeRequestSchema.parse({ newEmail, currentPassword });

/** The person asks for the change; returns the raw token of the confirmation link mailed to the new address. */
async function asked(w: Ws, newEmail: string): Promise<string> {
  await requestEmailChange(w.managerCtx, request(newEmail));
  const [mail] = await mailsTo(w.orgId, newEmail);
  expect(mail?.kind).toBe("account_email_confirm");
  return tokenOf(mail!.text, "confirm-email");
}

describe("an admin cannot take over an activated account", () => {
  it("refuses to change an activated manager's e-mail: 409 on the field, nothing changes, nothing is mailed", async () => {
    const w = await workspace();
    const before = await getUser(w.adminCtx, w.manager.id);
    const attack = updateUser(w.adminCtx, w.manager.id, asInput(before, { email: "attacker@evil.example" }));
    await expect(attack).rejects.toMatchObject({
      code: "email_change_not_allowed",
      fields: { email: ["Only this person can change their e-mail once their account is active"] },
    });
    expect(await emailOf(w.orgId, w.manager.id)).toBe(w.manager.email);
    expect(await mailsTo(w.orgId, "attacker@evil.example")).toHaveLength(0);
    expect(
      await withOrg(w.orgId, (tx) => tx.authToken.count({ where: { organizationId: w.orgId, userId: w.manager.id } })),
    ).toBe(0);
    // The admin's session keeps working and the manager's too: nothing happened.
    expect(await loadSession(w.orgId, w.managerCtx.sessionId)).not.toBeNull();
    // A reset asked for the attacker's address finds no account, so no link goes anywhere.
    expect(
      await signInWithPassword({
        orgId: w.orgId,
        email: "attacker@evil.example",
        password: TEST_PASSWORD,
        address: null,
        userAgent: null,
      }),
    ).toMatchObject({ ok: false });
    // Other fields still save, with the same e-mail.
    expect(await updateUser(w.adminCtx, w.manager.id, asInput(before, { lastName: "Renamed" }))).toMatchObject({
      lastName: "Renamed",
      email: w.manager.email,
    });
  });

  it("refuses an admin's own e-mail through the people dialog too: that goes through Settings", async () => {
    const w = await workspace();
    const me = await getUser(w.adminCtx, w.admin.id);
    await expect(
      updateUser(w.adminCtx, w.admin.id, asInput(me, { email: "ada.new@example.com" })),
    ).rejects.toMatchObject({
      code: "email_change_not_allowed",
      message: "Change your own e-mail in Settings > Your account",
    });
    expect(await emailOf(w.orgId, w.admin.id)).toBe(w.admin.email);
  });

  it("a person who has not activated yet may get a corrected e-mail: a fresh invitation, the old link void", async () => {
    const w = await workspace();
    const pending = await addPerson(
      w.adminCtx,
      asInput({
        firstName: "Pat",
        lastName: "Pending",
        email: "pat@exmaple.com",
        role: "employee",
        teamId: null,
        managerId: null,
      }),
    );
    const oldToken = tokenOf((await mailsTo(w.orgId, "pat@exmaple.com"))[0]!.text, "accept-invite");
    const fixed = await updateUser(w.adminCtx, pending.id, asInput(pending, { email: "pat@example.com" }));
    expect(fixed).toMatchObject({ email: "pat@example.com", status: "pending" });
    const [fresh] = await mailsTo(w.orgId, "pat@example.com");
    expect(fresh?.kind).toBe("invitation");
    expect(await acceptInvitation(w.orgId, oldToken, "Stolen-password-1")).toBe(false);
    expect(await acceptInvitation(w.orgId, tokenOf(fresh!.text, "accept-invite"), "Fresh-password-1")).toBe(true);
    // Now activated: the same admin can no longer move it.
    await expect(
      updateUser(w.adminCtx, pending.id, asInput(fixed, { email: "pat.again@example.com" })),
    ).rejects.toMatchObject({ code: "email_change_not_allowed" });
  });

  it("the bulk import never changes an existing person: a row with their address is refused", async () => {
    const w = await workspace();
    const result = await importUsers(w.adminCtx, [
      { firstName: "Mona", lastName: "Hijacked", email: w.manager.email, role: "admin" },
    ]);
    expect(result.successful).toBe(0);
    const after = await getUser(w.adminCtx, w.manager.id);
    expect(after).toMatchObject({ email: w.manager.email, lastName: "User", role: "manager" });
  });
});

describe("a person changes their own e-mail", () => {
  it("needs the current password and a free address; nothing changes before the new address confirms", async () => {
    const w = await workspace();
    await expect(
      requestEmailChange(w.managerCtx, request("mona.new@example.com", "Wrong-password-1")),
    ).rejects.toMatchObject({ code: "wrong_password" });
    expect(await mailsTo(w.orgId, "mona.new@example.com")).toHaveLength(0);
    await expect(requestEmailChange(w.managerCtx, request(w.admin.email))).rejects.toMatchObject({
      code: "email_taken",
      fields: { newEmail: ["A user with this email already exists"] },
    });
    expect(await mailsTo(w.orgId, w.admin.email)).toHaveLength(0);

    const raw = await asked(w, "mona.new@example.com");
    expect(await emailOf(w.orgId, w.manager.id)).toBe(w.manager.email);
    expect(await loadSession(w.orgId, w.managerCtx.sessionId)).not.toBeNull();
    // Only the hash is stored.
    const stored = await withOrg(w.orgId, (tx) =>
      tx.authToken.findMany({ where: { organizationId: w.orgId, userId: w.manager.id, purpose: "email_change" } }),
    );
    expect(stored.map((t) => t.tokenHash)).toEqual([hashToken(raw)]);
    expect(JSON.stringify(stored)).not.toContain(raw);
  });

  it("the current password is checked under the sign-in throttle: a stolen session cannot guess it, in Change e-mail or Change password", async () => {
    const w = await workspace();
    // Wrong guesses count against the account as failed sign-ins do, and a success gives them back.
    await expect(
      requestEmailChange(w.managerCtx, request("mona.new@example.com", "Wrong-password-1")),
    ).rejects.toMatchObject({ code: "wrong_password" });
    expect(await changePassword(w.managerCtx, "Wrong-password-2", "Another-password-9")).toBe("wrong-password");
    const failures = () =>
      withOrg(w.orgId, (tx) =>
        tx.authThrottle.findFirst({
          where: { organizationId: w.orgId, key: `account:${w.manager.email.toLowerCase()}` },
          select: { failures: true },
        }),
      );
    expect(await failures()).toEqual({ failures: 2 });
    // Past the free tries the account is blocked: the right password is not even checked.
    for (let i = 0; i < 10; i++)
      await withOrg(w.orgId, (tx) => recordFailure(tx, w.orgId, [{ kind: "account", value: w.manager.email }]));
    expect(await status(requestEmailChange(w.managerCtx, request("mona.new@example.com")))).toBe(429);
    expect(await status(changePassword(w.managerCtx, TEST_PASSWORD, "Another-password-9"))).toBe(429);
    expect(await mailsTo(w.orgId, "mona.new@example.com")).toHaveLength(0);
    expect(
      (
        await signInWithPassword({
          orgId: w.orgId,
          email: w.manager.email,
          password: "Another-password-9",
          address: null,
          userAgent: null,
        })
      ).ok,
    ).toBe(false);
  });

  it("at most EMAIL_CHANGE_MAILS_PER_HOUR confirmation mails an hour; each new one voids the one before", async () => {
    const w = await workspace();
    const raws: string[] = [];
    for (let i = 0; i < EMAIL_CHANGE_MAILS_PER_HOUR; i++) raws.push(await asked(w, `try${i}@example.com`));
    expect(await status(requestEmailChange(w.managerCtx, request("one.more@example.com")))).toBe(429);
    expect(await mailsTo(w.orgId, "one.more@example.com")).toHaveLength(0);
    await expect(confirmEmailChange(w.managerCtx, raws[0]!)).rejects.toMatchObject({
      code: "email_change_link_invalid",
    });
    expect(await confirmEmailChange(w.managerCtx, raws.at(-1)!)).toEqual({
      email: `try${EMAIL_CHANGE_MAILS_PER_HOUR - 1}@example.com`,
    });
  });

  it("the confirmation link works for that person only: not for an admin of the organisation, not for another organisation's user", async () => {
    const w = await workspace();
    const raw = await asked(w, "mona.new@example.com");
    await expect(confirmEmailChange(w.adminCtx, raw)).rejects.toMatchObject({ code: "email_change_link_invalid" });
    const other = await workspace();
    await expect(confirmEmailChange(other.adminCtx, raw)).rejects.toMatchObject({ code: "email_change_link_invalid" });
    await expect(confirmEmailChange(other.managerCtx, raw)).rejects.toMatchObject({
      code: "email_change_link_invalid",
    });
    expect(await emailOf(w.orgId, w.manager.id)).toBe(w.manager.email);
    expect(await mailsOfKind(w.orgId, "account_email_changed")).toHaveLength(0);
  });

  it("confirming switches the e-mail, ends every session, voids reset links and tells the old address with an undo link", async () => {
    const w = await workspace();
    const phone = await signedIn(w.orgId, w.manager.id, "manager");
    const reset = await withOrg(w.orgId, (tx) => issueToken(tx, w.orgId, w.manager.id, "password_reset", RESET_TTL_MS));
    const raw = await asked(w, "mona.new@example.com");
    expect(await confirmEmailChange(w.managerCtx, raw)).toEqual({ email: "mona.new@example.com" });
    expect(await emailOf(w.orgId, w.manager.id)).toBe("mona.new@example.com");
    expect(await loadSession(w.orgId, w.managerCtx.sessionId)).toBeNull();
    expect(await loadSession(w.orgId, phone.sessionId)).toBeNull();
    expect(await resetPassword(w.tenant, reset, "Taken-over-1")).toBe(false);
    // Single use.
    await expect(confirmEmailChange(w.managerCtx, raw)).rejects.toMatchObject({ code: "email_change_link_invalid" });

    const [notice] = await mailsTo(w.orgId, w.manager.email);
    expect(notice?.kind).toBe("account_email_changed");
    expect(notice?.text).toContain("mona.new@example.com");
    expect(notice?.text).toContain("within 7 days");
    const undo = await withOrg(w.orgId, (tx) =>
      tx.authToken.findFirstOrThrow({
        where: { organizationId: w.orgId, userId: w.manager.id, purpose: "email_change_undo" },
      }),
    );
    expect(undo.tokenHash).toBe(hashToken(tokenOf(notice!.text, "undo-email-change")));
    expect((undo.expiresAt.getTime() - Date.now()) / 86_400_000).toBeGreaterThan(6.99);
    expect((await notices(w.orgId, w.manager.id)).map((n) => n.type)).toContain("account_email_changed");

    const newSignIn = await signInWithPassword({
      orgId: w.orgId,
      email: "mona.new@example.com",
      password: TEST_PASSWORD,
      address: null,
      userAgent: null,
    });
    expect(newSignIn.ok).toBe(true);
    expect(
      (
        await signInWithPassword({
          orgId: w.orgId,
          email: w.manager.email,
          password: TEST_PASSWORD,
          address: null,
          userAgent: null,
        })
      ).ok,
    ).toBe(false);
  });

  it("an address taken between request and confirmation: a clear refusal, nothing changes", async () => {
    const w = await workspace();
    const raw = await asked(w, "contested@example.com");
    await createUser(w.orgId, { email: "contested@example.com" });
    await expect(confirmEmailChange(w.managerCtx, raw)).rejects.toMatchObject({ code: "email_taken" });
    expect(await emailOf(w.orgId, w.manager.id)).toBe(w.manager.email);
    expect(await loadSession(w.orgId, w.managerCtx.sessionId)).not.toBeNull();
    expect(await mailsTo(w.orgId, w.manager.email)).toHaveLength(0);
  });

  it("undo within 7 days restores the old address, ends every session, voids reset links and says to reset the password", async () => {
    const w = await workspace();
    await confirmEmailChange(w.managerCtx, await asked(w, "mona.new@example.com"));
    const undoToken = tokenOf((await mailsTo(w.orgId, w.manager.email))[0]!.text, "undo-email-change");
    // Whoever made the change signs in with the new address and asks for a reset link.
    const intruder = await signedIn(w.orgId, w.manager.id, "manager");
    const reset = await withOrg(w.orgId, (tx) => issueToken(tx, w.orgId, w.manager.id, "password_reset", RESET_TTL_MS));

    expect(await undoEmailChange(w.tenant, undoToken)).toEqual({ email: w.manager.email });
    expect(await emailOf(w.orgId, w.manager.id)).toBe(w.manager.email);
    expect(await loadSession(w.orgId, intruder.sessionId)).toBeNull();
    expect(await resetPassword(w.tenant, reset, "Taken-over-1")).toBe(false);
    const restored = (await mailsTo(w.orgId, w.manager.email)).at(-1);
    expect(restored?.kind).toBe("account_email_restored");
    expect(restored?.text).toContain("reset it now");
    await expect(undoEmailChange(w.tenant, undoToken)).rejects.toMatchObject({ code: "email_change_link_invalid" });
  });

  it("an undo link survives a second change, and after 7 days it is refused", async () => {
    const w = await workspace();
    await confirmEmailChange(w.managerCtx, await asked(w, "second@example.com"));
    const firstUndo = tokenOf((await mailsTo(w.orgId, w.manager.email))[0]!.text, "undo-email-change");
    // A second change from the new address: the first undo link still restores the original.
    const again = { ...w, managerCtx: await signedIn(w.orgId, w.manager.id, "manager") };
    await confirmEmailChange(again.managerCtx, await asked(again, "third@example.com"));
    expect(await emailOf(w.orgId, w.manager.id)).toBe("third@example.com");

    await withOrg(w.orgId, (tx) =>
      tx.authToken.updateMany({
        where: { organizationId: w.orgId, tokenHash: hashToken(firstUndo) },
        data: { expiresAt: new Date(Date.now() - 60_000) },
      }),
    );
    expect(await status(undoEmailChange(w.tenant, firstUndo))).toBe(400);
    expect(await emailOf(w.orgId, w.manager.id)).toBe("third@example.com");

    const secondUndo = tokenOf(
      (await mailsTo(w.orgId, "second@example.com")).find((m) => m.kind === "account_email_changed")!.text,
      "undo-email-change",
    );
    expect(await undoEmailChange(w.tenant, secondUndo)).toEqual({ email: "second@example.com" });
  });
});

describe("notices of every change to a sign-in, role or sessions", () => {
  it("a role change tells the person, by e-mail and in the app, and says they were signed out", async () => {
    const w = await workspace();
    const person = await getUser(w.adminCtx, w.manager.id);
    await updateUser(w.adminCtx, w.manager.id, asInput(person, { role: "employee" }));
    expect(await loadSession(w.orgId, w.managerCtx.sessionId)).toBeNull();
    const [mail] = await mailsTo(w.orgId, w.manager.email);
    expect(mail?.kind).toBe("account_role_changed");
    expect(mail?.text).toContain("Ada User changed your role");
    expect(mail?.text).toContain("from manager to employee");
    expect(mail?.text).toContain("You were signed out");
    expect((await notices(w.orgId, w.manager.id)).map((n) => n.type)).toEqual(["account_role_changed"]);
    // No role change, no notice.
    await updateUser(w.adminCtx, w.manager.id, asInput({ ...person, role: "employee" }, { lastName: "Same" }));
    expect(await mailsTo(w.orgId, w.manager.email)).toHaveLength(1);
  });

  it("a password change and a password reset each mail the person", async () => {
    const w = await workspace();
    expect(await changePassword(w.managerCtx, TEST_PASSWORD, "Changed-pass-1")).toBe("changed");
    expect((await mailsTo(w.orgId, w.manager.email)).map((m) => m.kind)).toEqual(["account_password_changed"]);
    expect((await notices(w.orgId, w.manager.id)).map((n) => n.type)).toEqual(["account_password_changed"]);
    const reset = await withOrg(w.orgId, (tx) => issueToken(tx, w.orgId, w.manager.id, "password_reset", RESET_TTL_MS));
    expect(await resetPassword(w.tenant, reset, "Reset-pass-1")).toBe(true);
    expect((await mailsTo(w.orgId, w.manager.email)).map((m) => m.kind)).toEqual([
      "account_password_changed",
      "account_password_reset",
    ]);
    // A wrong current password changes nothing and tells nobody.
    expect(await changePassword(w.managerCtx, "Wrong-pass-1", "Other-pass-1")).toBe("wrong-password");
    expect(await mailsTo(w.orgId, w.manager.email)).toHaveLength(2);
  });
});

describe("team-join notices", () => {
  async function team(w: Ws) {
    const t = await createTeam(w.adminCtx, { name: "Customer Success", managerId: w.manager.id });
    const member = (first: string) =>
      addPerson(
        w.adminCtx,
        asInput({
          firstName: first,
          lastName: "Member",
          email: `${first.toLowerCase()}.${randomUUID().slice(0, 6)}@example.com`,
          role: "employee",
          teamId: t.id,
          managerId: null,
        }),
      );
    const a = await member("Alia");
    const b = await member("Bo");
    return { t, a, b };
  }
  const joined = async (orgId: string, userId: string) =>
    (await notices(orgId, userId)).filter((n) => n.type === "team_member_joined").map((n) => n.title);

  it("a person added to a team: every other member and the manager are told 'Eva Reed joined Customer Success'", async () => {
    const w = await workspace();
    const { t, a, b } = await team(w);
    const eva = await addPerson(
      w.adminCtx,
      asInput({
        firstName: "Eva",
        lastName: "Reed",
        email: "eva@example.com",
        role: "employee",
        teamId: t.id,
        managerId: null,
      }),
    );
    for (const id of [a.id, b.id, w.manager.id])
      expect(await joined(w.orgId, id)).toContain("Eva Reed joined Customer Success");
    expect(await joined(w.orgId, eva.id)).toEqual([]);
    // The admin is not in the team and is not told.
    expect(await joined(w.orgId, w.admin.id)).toEqual([]);
  });

  it("a person moved into a team by an edit, and people brought in by the bulk import, are announced too", async () => {
    const w = await workspace();
    const { t, a } = await team(w);
    const loner = await addPerson(
      w.adminCtx,
      asInput({
        firstName: "Lee",
        lastName: "Moved",
        email: "lee@example.com",
        role: "employee",
        teamId: null,
        managerId: null,
      }),
    );
    await updateUser(w.adminCtx, loner.id, asInput(loner, { teamId: t.id }));
    expect(await joined(w.orgId, a.id)).toContain("Lee Moved joined Customer Success");
    expect(await joined(w.orgId, w.manager.id)).toContain("Lee Moved joined Customer Success");
    // Saving again without a move says nothing new.
    const count = (await joined(w.orgId, a.id)).length;
    await updateUser(w.adminCtx, loner.id, asInput({ ...loner, teamId: t.id }, { lastName: "Moved" }));
    expect(await joined(w.orgId, a.id)).toHaveLength(count);

    const result = await importUsers(w.adminCtx, [
      { firstName: "Imi", lastName: "One", email: "imi@example.com", department: "customer success" },
      { firstName: "Ivo", lastName: "Two", email: "ivo@example.com", department: "Customer Success" },
      { firstName: "Ira", lastName: "Three", email: "ira@example.com", department: "Customer Success" },
    ]);
    expect(result.successful).toBe(3);
    const title = "Imi One, Ivo Two and 1 other joined Customer Success";
    expect(await joined(w.orgId, a.id)).toContain(title);
    expect(await joined(w.orgId, loner.id)).toContain(title);
    expect(await joined(w.orgId, w.manager.id)).toContain(title);
  });

  it("names one, two, or the first two and how many others", () => {
    expect(teamJoinTitle(["Eva Reed"], "Ops")).toBe("Eva Reed joined Ops");
    expect(teamJoinTitle(["A B", "C D"], "Ops")).toBe("A B and C D joined Ops");
    expect(teamJoinTitle(["A B", "C D", "E F", "G H"], "Ops")).toBe("A B, C D and 2 others joined Ops");
  });
});

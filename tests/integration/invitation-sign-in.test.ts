import { describe, expect, it } from "vitest";
import { withOrg } from "@/lib/db/tenant";
import { loadSession } from "@/lib/auth/sessions";
import { openSession, signInWithPassword } from "@/lib/auth/sign-in";
import { createUser } from "@/lib/people/users";
import { acceptInvitation } from "@/lib/people/invitations";
import { tokenOwner } from "@/lib/auth/tokens";
import { userInputSchema } from "@/lib/people/schemas";
import { createOrg, ctxFor } from "../support/factories";

// An accepted invitation signs the person in: the invitation names its person once, and the
// session it opens is a sign-in's (a live session row, the vault opened with the new password).

async function invited() {
  const { orgId } = await createOrg({ maxUsers: 20 });
  const admin = await ctxFor(orgId, "admin");
  const user = await createUser(
    admin,
    userInputSchema.parse({ firstName: "Nia", lastName: "Okafor", email: "nia@example.com", role: "employee" }),
  );
  const mail = await withOrg(orgId, (tx) =>
    tx.mailMessage.findFirstOrThrow({ where: { organizationId: orgId, to: user.email, kind: "invitation" } }),
  );
  const token = /token=([\w-]+)/.exec(mail.text)![1]!;
  return { orgId, user, token };
}

describe("signing in from an accepted invitation", () => {
  it("names the invited person once, and opens a session like a sign-in's", async () => {
    const { orgId, user, token } = await invited();
    expect(await acceptInvitation(orgId, token, "Welcome-aboard-9")).toBe(true);
    // The spent link still says whose it was; it sets no password a second time.
    expect(await tokenOwner(orgId, token, "invitation")).toBe(user.id);
    expect(await acceptInvitation(orgId, token, "Another-pass-1")).toBe(false);

    const session = await openSession(orgId, user.id, "Welcome-aboard-9", "test-agent");
    const loaded = await loadSession(orgId, session.sessionId);
    expect(loaded?.ctx).toMatchObject({ orgId, userId: user.id, role: "employee" });
    expect(session.vaultSecret.length).toBeGreaterThan(20);
    const row = await withOrg(orgId, (tx) =>
      tx.session.findUniqueOrThrow({
        where: { organizationId_id: { organizationId: orgId, id: session.sessionId } },
        select: { userAgent: true, vaultKey: true },
      }),
    );
    expect(row.userAgent).toBe("test-agent");
    expect(row.vaultKey).not.toBeNull();

    // The chosen password signs in later as well, and opens the same vault (no second one).
    const again = await signInWithPassword({
      orgId,
      email: user.email,
      password: "Welcome-aboard-9",
      address: null,
      userAgent: null,
    });
    expect(again.ok).toBe(true);
    const vaults = await withOrg(orgId, (tx) => tx.vault.count({ where: { organizationId: orgId, userId: user.id } }), {
      userId: user.id,
    });
    expect(vaults).toBe(1);
  });

  it("a foreign, made-up or other-purpose token names nobody", async () => {
    const a = await invited();
    const b = await invited();
    expect(await tokenOwner(b.orgId, a.token, "invitation")).toBeNull();
    expect(await tokenOwner(a.orgId, "not-a-token-but-long-enough", "invitation")).toBeNull();
    expect(await tokenOwner(a.orgId, a.token, "password_reset")).toBeNull();
    expect(await tokenOwner(a.orgId, a.token, "invitation")).toBe(a.user.id);
  });
});

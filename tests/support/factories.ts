// Seed helpers: each call makes a new organisation or user with unique names, so test files and
// tests never collide and can run in parallel.
import { randomBytes, randomUUID } from "node:crypto";
import { withOrg, type Tx } from "@/lib/db/tenant";
import { hashPassword } from "@/lib/auth/password";
import { createSession } from "@/lib/auth/sessions";
import type { AuthContext } from "@/lib/auth/context";
import type { Role } from "@/lib/generated/prisma/enums";
import { signupSchema, type SignupData } from "@/lib/signup/schemas";

export const TEST_PASSWORD = "Correct-horse-9";
let cachedHash: Promise<string> | undefined;
const passwordHash = () => (cachedHash ??= hashPassword(TEST_PASSWORD));

export const uniqueName = (prefix: string) => `${prefix}${randomBytes(4).toString("hex")}`;

/** An organisation whose e-mail is verified, like every one made before signup verification and
 * the demo, so its mail goes out (an unverified one comes from completeSignup, as in production). */
export async function createOrg(opts: { subdomain?: string; name?: string; maxUsers?: number } = {}) {
  const id = randomUUID();
  const subdomain = opts.subdomain ?? uniqueName("org");
  await withOrg(id, (tx) =>
    tx.organization.create({
      data: {
        id,
        subdomain,
        name: opts.name ?? `Org ${subdomain}`,
        maxUsers: opts.maxUsers ?? 50,
        emailVerifiedAt: new Date(),
      },
    }),
  );
  return { orgId: id, subdomain };
}

export async function createUser(
  orgId: string,
  opts: { role?: Role; email?: string; firstName?: string; password?: string | null } = {},
) {
  const email = opts.email ?? `${uniqueName("user")}@example.com`;
  const hash = opts.password === null ? null : opts.password ? await hashPassword(opts.password) : await passwordHash();
  const user = await withOrg(orgId, (tx) =>
    tx.user.create({
      data: {
        organizationId: orgId,
        email,
        firstName: opts.firstName ?? "Test",
        lastName: "User",
        role: opts.role ?? "employee",
        passwordHash: hash,
        passwordSetAt: hash ? new Date() : null,
      },
      select: { id: true, email: true, role: true },
    }),
  );
  return { ...user, orgId };
}

/** A new user of `role` in `orgId`, signed in: their AuthContext with a real Session row, for calling
 * domain functions as them. A test that needs the person's vault open (Boss Bot, private notes)
 * uses person() from ./one-on-one.ts instead. */
export async function ctxFor(
  orgId: string,
  role: Role,
  opts: { email?: string; firstName?: string } = {},
): Promise<AuthContext> {
  const user = await createUser(orgId, { role, ...opts });
  const sessionId = await withOrg(orgId, (tx) => createSession(tx, orgId, user.id, null));
  return { orgId, userId: user.id, role, sessionId };
}

/** For a test that builds a small organisation of named people inside one withOrg transaction:
 * `const user = userMaker(tx, orgId)`, then `await user("Mia", "manager", teamId)` makes a user
 * without a password (nobody signs in as them) and gives their id. */
export const userMaker =
  (tx: Tx, orgId: string) =>
  async (firstName: string, role: Role, teamId: string | null = null): Promise<string> =>
    (
      await tx.user.create({
        data: {
          organizationId: orgId,
          firstName,
          lastName: "T",
          email: `${firstName.toLowerCase()}.${randomUUID().slice(0, 6)}@example.com`,
          role,
          teamId,
        },
        select: { id: true },
      })
    ).id;

export const SIGNUP_PASSWORD = "Signup-pass-2026";

/** The signup form's data for a new workspace at `subdomain`, parsed as the route parses it. */
export const signupData = (subdomain: string, over: Partial<SignupData> = {}): SignupData =>
  signupSchema.parse({
    firstName: "Nia",
    lastName: "Okafor",
    workEmail: `nia@${subdomain}.example`,
    password: SIGNUP_PASSWORD,
    confirmPassword: SIGNUP_PASSWORD,
    companyName: `Company ${subdomain}`,
    subdomain,
    companySize: "11-50",
    ...over,
  });

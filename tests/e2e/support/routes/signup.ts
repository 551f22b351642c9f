// Attacker/victim entries for the signup routes. They are public (or Host-scoped) by nature, so
// the attacks check that a workspace host answers nothing of the main site's, and that a handoff
// token works only on its own workspace's host.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { runInOrg } from "@/lib/db/org-transaction";
import { e2eDb, type Workspace } from "../workspace";
import type { RouteEntry } from "./types";

/** A real, unused handoff token of the victim's admin, written straight into the database. */
async function issueHandoffFor(ws: Workspace): Promise<string> {
  const raw = randomBytes(32).toString("base64url");
  await runInOrg(e2eDb(), ws.orgId, (tx) =>
    tx.authToken.create({
      data: {
        organizationId: ws.orgId,
        id: randomUUID(),
        userId: ws.admin.id,
        purpose: "handoff",
        tokenHash: createHash("sha256").update(raw, "utf8").digest("hex"),
        expiresAt: new Date(Date.now() + 10 * 60 * 1000),
      },
    }),
  );
  return raw;
}

const guessedToken = () => randomBytes(32).toString("base64url");

export const signupRoutes: RouteEntry[] = [
  {
    file: "app/api/signup/check-subdomain/[subdomain]/route.ts",
    method: "GET",
    attacks: [
      // Main-site only: a workspace host does not answer it at all.
      {
        aims: "route",
        send: ({ victim, call }) => call("GET", `/api/signup/check-subdomain/${victim.subdomain}`),
        expected: [404],
      },
    ],
    crossHostExpected: [404],
  },
  {
    file: "app/api/signup/complete/route.ts",
    method: "POST",
    attacks: [
      {
        aims: "route",
        send: ({ victim, call }) =>
          call("POST", "/api/signup/complete", {
            firstName: "Mallory",
            lastName: "Attacker",
            workEmail: `mallory@${victim.subdomain}.example`,
            password: "Takeover-2026",
            confirmPassword: "Takeover-2026",
            companyName: "Takeover",
            subdomain: victim.subdomain,
            companySize: "1-10",
          }),
        expected: [404],
      },
    ],
    crossHostExpected: [404],
  },
  {
    file: "app/api/auth/quick-login/[subdomain]/route.ts",
    method: "POST",
    attacks: [
      // Naming the victim's workspace on the attacker's host.
      {
        aims: "route",
        send: ({ victim, call }) =>
          call("POST", `/api/auth/quick-login/${victim.subdomain}`, { token: guessedToken() }),
        expected: [404],
      },
      // The subdomain alone never signs anyone in, and a guessed token is worth nothing.
      {
        aims: "route",
        send: ({ attacker, call }) => call("POST", `/api/auth/quick-login/${attacker.subdomain}`, {}),
        expected: [401],
      },
      {
        aims: "route",
        send: ({ attacker, call }) =>
          call("POST", `/api/auth/quick-login/${attacker.subdomain}`, { token: guessedToken() }),
        expected: [401],
      },
      // The victim's real token, presented on the attacker's own host, is unknown there.
      {
        aims: "route",
        send: async ({ attacker, victim, call }) =>
          call("POST", `/api/auth/quick-login/${attacker.subdomain}`, { token: await issueHandoffFor(victim) }),
        expected: [401],
      },
    ],
    crossHostExpected: [404],
  },
];

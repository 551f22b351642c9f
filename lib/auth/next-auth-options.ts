import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { env } from "@/lib/config/env";
import { parseHost } from "@/lib/tenancy/host";
import { tenantForHost } from "@/lib/tenancy/resolve";
import { signInWithPassword } from "@/lib/auth/sign-in";
import { SESSION_MAX_AGE_S, revokeSession } from "@/lib/auth/sessions";
import { isUuid, withOrg } from "@/lib/db/tenant";
import { clientAddress } from "@/lib/auth/client-address";
import { isDatabaseUnavailable } from "@/lib/db/errors";

type HeaderBag = Record<string, string | string[] | undefined> | undefined;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? null;

// next-auth v4 derives its own origin from the request when this is set; tenants live on many
// hosts, so a single NEXTAUTH_URL cannot work. The proxy makes X-Forwarded-Host equal Host.
process.env.AUTH_TRUST_HOST ??= "1";

class ThrottledError extends Error {}

/** The error code of a sign-in refused because the database cannot be reached right now. */
export const SIGN_IN_UNAVAILABLE = "DatabaseUnavailable";

export function authOptions(): NextAuthOptions {
  const e = env();
  return {
    secret: e.AUTH_SECRET,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_S },
    pages: { signIn: "/login", error: "/login" },
    providers: [
      CredentialsProvider({
        name: "Email",
        credentials: {
          email: { label: "Email", type: "email" },
          password: { label: "Password", type: "password" },
        },
        async authorize(credentials, req) {
          try {
            return await authorizeCredentials(credentials, req);
          } catch (err) {
            // next-auth reports any thrown error as ?error=<message>, which the sign-in form would
            // show as a wrong password: a database that cannot be reached now says so instead.
            if (isDatabaseUnavailable(err)) throw new Error(SIGN_IN_UNAVAILABLE);
            throw err;
          }
        },
      }),
    ],
    events: {
      // next-auth's own /api/auth/signout only clears the cookie; end the server-side session too.
      async signOut({ token }) {
        const oid = typeof token?.oid === "string" ? token.oid : null;
        const sid = typeof token?.sid === "string" ? token.sid : null;
        if (oid && sid && isUuid(oid) && isUuid(sid)) await withOrg(oid, (tx) => revokeSession(tx, oid, sid));
      },
    },
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          const u = user as unknown as { id: string; organizationId: string; sessionId: string; vaultSecret: string };
          token.sub = u.id;
          token.oid = u.organizationId;
          token.sid = u.sessionId;
          // The vault's session secret: only in this encrypted cookie, never in the database.
          token.vks = u.vaultSecret;
        }
        return token;
      },
    },
  };
}

type Credentials = Record<"email" | "password", string> | undefined;

/** The credentials provider's check: the workspace from the Host, then the password. */
async function authorizeCredentials(credentials: Credentials, req: { headers?: unknown }) {
  const e = env();
  const headers = req.headers as HeaderBag;
  // The workspace comes from the Host header only, never from a form field.
  const tenant = await tenantForHost(parseHost(first(headers?.host), e.rootDomain, e.PRODUCT_NAME));
  if (!tenant || !credentials) return null;
  const result = await signInWithPassword({
    orgId: tenant.orgId,
    email: credentials.email ?? "",
    password: credentials.password ?? "",
    address: clientAddress(first(headers?.["x-forwarded-for"]), first(headers?.["x-real-ip"])),
    userAgent: first(headers?.["user-agent"]),
  });
  if (!result.ok) {
    // next-auth turns a thrown error into ?error=<message>; "invalid" stays generic.
    if (result.reason === "throttled") throw new ThrottledError("TooManyAttempts");
    return null;
  }
  return {
    id: result.userId,
    organizationId: tenant.orgId,
    sessionId: result.sessionId,
    vaultSecret: result.vaultSecret,
  };
}

import "server-only";
import { encode } from "next-auth/jwt";
import { cookies, headers } from "next/headers";
import type { NextResponse } from "next/server";
import { env } from "@/lib/config/env";
import { SESSION_MAX_AGE_S } from "@/lib/auth/sessions";
import { SESSION_COOKIES } from "@/lib/auth/session-cookie-names";

/**
 * Sets the session cookie exactly as next-auth's credentials callback would (lib/auth/
 * next-auth-options.ts), for sign-ins that do not pass through next-auth (the signup handoff, an
 * accepted invitation):
 * the same encrypted JWT with claims sub/oid/sid (and vks, the vault's session secret), the same name and options. Host-only (no Domain
 * attribute), so one workspace's session is never sent to another workspace's host.
 */
export async function setSessionCookie(res: NextResponse, req: Request, claims: SessionClaims): Promise<void> {
  const cookie = await sessionCookie(req.headers, claims);
  res.cookies.set(cookie.name, cookie.value, cookie.options);
}

/** The same cookie, set from a server action (an accepted invitation signs the person in). */
export async function setSessionCookieFromAction(claims: SessionClaims): Promise<void> {
  const cookie = await sessionCookie(await headers(), claims);
  (await cookies()).set(cookie.name, cookie.value, cookie.options);
}

type SessionClaims = { userId: string; orgId: string; sessionId: string; vaultSecret?: string | null };

async function sessionCookie(requestHeaders: Headers, claims: SessionClaims) {
  // next-auth's own rule (utils/detect-origin.js): https unless the forwarded protocol is http.
  const secure = requestHeaders.get("x-forwarded-proto") !== "http";
  const value = await encode({
    token: {
      sub: claims.userId,
      oid: claims.orgId,
      sid: claims.sessionId,
      ...(claims.vaultSecret ? { vks: claims.vaultSecret } : {}),
    },
    secret: env().AUTH_SECRET,
    maxAge: SESSION_MAX_AGE_S,
  });
  return {
    name: secure ? SESSION_COOKIES[0] : SESSION_COOKIES[1],
    value,
    options: { httpOnly: true, sameSite: "lax" as const, path: "/", secure, maxAge: SESSION_MAX_AGE_S },
  };
}

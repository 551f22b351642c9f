import "server-only";
import { encode } from "next-auth/jwt";
import type { NextResponse } from "next/server";
import { env } from "@/lib/config/env";
import { SESSION_MAX_AGE_S } from "@/lib/auth/sessions";

/**
 * Sets the session cookie exactly as next-auth's credentials callback would (lib/auth/
 * next-auth-options.ts), for sign-ins that do not pass through next-auth (the signup handoff):
 * the same encrypted JWT with claims sub/oid/sid (and vks, the vault's session secret), the same name and options. Host-only (no Domain
 * attribute), so one workspace's session is never sent to another workspace's host.
 */
export async function setSessionCookie(
  res: NextResponse,
  req: Request,
  claims: { userId: string; orgId: string; sessionId: string; vaultSecret?: string | null },
): Promise<void> {
  // next-auth's own rule (utils/detect-origin.js): https unless the forwarded protocol is http.
  const secure = req.headers.get("x-forwarded-proto") !== "http";
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
  res.cookies.set(secure ? "__Secure-next-auth.session-token" : "next-auth.session-token", value, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure,
    maxAge: SESSION_MAX_AGE_S,
  });
}

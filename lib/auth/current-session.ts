import "server-only";
import { cache } from "react";
import { cookies } from "next/headers";
import { decode } from "next-auth/jwt";
import { env } from "@/lib/config/env";
import { currentTenant } from "@/lib/tenancy/resolve";
import { loadSession } from "@/lib/auth/sessions";
import type { AuthContext, SessionUserDto } from "@/lib/auth/context";
import { isUuid } from "@/lib/db/tenant";
import { SESSION_COOKIES } from "@/lib/auth/session-cookie-names";

/**
 * The signed-in user of this request, checked in full every time: the workspace from the Host
 * header, the JWT's signature, that the JWT belongs to this workspace, and the server-side session
 * record (so sign-out, password change and removal take effect at once).
 */
export const currentSession = cache(async (): Promise<{ ctx: AuthContext; user: SessionUserDto } | null> => {
  const tenant = await currentTenant();
  if (!tenant) return null;
  const jar = await cookies();
  const raw = SESSION_COOKIES.map((n) => jar.get(n)?.value).find(Boolean);
  if (!raw) return null;
  const token = await decode({ token: raw, secret: env().AUTH_SECRET }).catch(() => null);
  const sid = typeof token?.sid === "string" ? token.sid : null;
  if (!token || !sid || !isUuid(sid) || token.oid !== tenant.orgId) return null;
  const session = await loadSession(tenant.orgId, sid);
  if (!session || session.user.id !== token.sub) return null;
  // The vault's session secret travels with the context; with the Session row it opens the vault.
  const vks = typeof token.vks === "string" ? token.vks : undefined;
  return vks ? { ...session, ctx: { ...session.ctx, vaultSecret: vks } } : session;
});

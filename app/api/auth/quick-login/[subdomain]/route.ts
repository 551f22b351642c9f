import { NextResponse } from "next/server";
import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { notFound, unauthenticated } from "@/lib/errors/domain-error";
import { redeemHandoff } from "@/lib/signup/handoff";
import { setSessionCookie } from "@/lib/auth/session-cookie";

const INVALID_LINK = "This sign-in link is invalid, was already used or has expired.";

// POST /api/auth/quick-login/{subdomain} { token } -> 204 with the session cookie.
// Only a valid handoff token of this workspace signs anyone in; the subdomain alone never does,
// and only this workspace's own pages may ask (the wrapper's same-origin rule), so another site
// cannot sign a browser in. Without the token (256 random bits) nothing is written.
export const POST = apiRoute(
  {
    auth: "tenant",
    readOnly: "allow",
    params: z.object({ subdomain: z.string().max(200) }),
    // The token is optional in the schema so that a missing one is a 401 like any bad token.
    body: z.object({ token: z.string().max(200).optional() }),
    maxBodyBytes: 1024,
    rateLimit: "quickLogin",
    writes: false,
  },
  async ({ params, body, tenant, req }) => {
    if (params.subdomain.toLowerCase() !== tenant.subdomain) throw notFound("Workspace");
    const session = body.token ? await redeemHandoff(tenant, body.token, req.headers.get("user-agent")) : null;
    if (!session) throw unauthenticated(INVALID_LINK, "quick_login_invalid");
    const res = new NextResponse(null, { status: 204 });
    await setSessionCookie(res, req, {
      userId: session.userId,
      orgId: tenant.orgId,
      sessionId: session.sessionId,
      vaultSecret: session.vaultSecret,
    });
    return res;
  },
);

import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/lib/auth/next-auth-options";

// next-auth's own endpoints: /api/auth/csrf, /api/auth/callback/credentials, /api/auth/signout...
// The more specific /api/auth/session and /api/auth/logout routes take precedence over this one.
type Ctx = { params: Promise<{ nextauth: string[] }> };

async function handler(req: NextRequest, ctx: Ctx): Promise<Response> {
  return NextAuth(authOptions())(req, ctx) as Promise<Response>;
}

/** GET /api/auth/callback/{provider}: our only providers are credentials, whose callback is a
 * POST of the sign-in form; next-auth 4 answers a GET of it with a 500 ('Callback for provider type
 * credentials not supported'), so it is refused here as the method it is. */
async function get(req: NextRequest, ctx: Ctx): Promise<Response> {
  const { nextauth } = await ctx.params;
  if (nextauth[0] === "callback") {
    return Response.json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
  }
  return handler(req, ctx);
}

export { get as GET, handler as POST };

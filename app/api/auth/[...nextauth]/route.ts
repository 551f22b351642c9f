import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/lib/auth/next-auth-options";

// next-auth's own endpoints: /api/auth/csrf, /api/auth/callback/credentials, /api/auth/signout...
// The more specific /api/auth/session and /api/auth/logout routes take precedence over this one.
type Ctx = { params: Promise<{ nextauth: string[] }> };

async function handler(req: NextRequest, ctx: Ctx): Promise<Response> {
  return NextAuth(authOptions())(req, ctx) as Promise<Response>;
}

export { handler as GET, handler as POST };

import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/api/route";
import { endSession } from "@/lib/auth/sessions";
import { SESSION_COOKIES } from "@/lib/auth/session-cookie-names";

// POST /api/auth/logout: ends the server-side session (so the cookie is worthless even if kept)
// and clears the cookie.
export const POST = apiRoute({ auth: "session", readOnly: "allow" }, async ({ ctx }) => {
  await endSession(ctx);
  const res = NextResponse.json({ ok: true });
  for (const name of SESSION_COOKIES) {
    res.cookies.set(name, "", {
      path: "/",
      maxAge: 0,
      httpOnly: true,
      sameSite: "lax",
      secure: name.startsWith("__Secure-"),
    });
  }
  return res;
});

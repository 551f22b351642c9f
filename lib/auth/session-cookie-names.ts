/** The names next-auth gives the session cookie: with the __Secure- prefix over https, without it
 * over plain http (a local start). Plain data, so the proxy can ask whether one was sent. */
export const SESSION_COOKIES = ["__Secure-next-auth.session-token", "next-auth.session-token"] as const;

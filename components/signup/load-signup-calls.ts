/** signup-calls.ts, loaded on first use (the import is cached, so it is fetched once). */
export const loadSignupCalls = () => import("@/components/signup/signup-calls");

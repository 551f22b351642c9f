import type { Validator } from "@/lib/validation/rules";

// Response shapes of the signup API, shared by the route handlers and the browser. Checked without
// zod: the browser checks them on the signup and welcome pages, whose first download must stay
// within the public budget.

export type Availability = { available: boolean; message: string };
export type SignupResult = { message: string; subdomain: string; workspaceUrl: string; handoffToken: string };
export type SetupIntentResult = { clientSecret: string };

/** A response check of apiFetch's `schema` shape: the object as it came, or a failure (a bug
 * between client and server, which apiFetch reports loudly). */
function response<T>(matches: (v: Record<string, unknown>) => boolean): Validator<T> {
  return {
    safeParse: (data) =>
      typeof data === "object" && data !== null && matches(data as Record<string, unknown>)
        ? { success: true, data: data as T }
        : { success: false, error: { issues: [{ path: [], message: "Unexpected response shape" }] } },
  };
}

function isUrl(v: unknown): boolean {
  if (typeof v !== "string") return false;
  try {
    new URL(v);
    return true;
  } catch {
    return false;
  }
}

export const availabilitySchema = response<Availability>(
  (v) => typeof v.available === "boolean" && typeof v.message === "string",
);

export const signupResultSchema = response<SignupResult>(
  (v) =>
    typeof v.message === "string" &&
    typeof v.subdomain === "string" &&
    isUrl(v.workspaceUrl) &&
    typeof v.handoffToken === "string" &&
    v.handoffToken.length >= 20,
);

/** POST /api/signup/setup-intent (SetupIntentDto). */
export const setupIntentResultSchema = response<SetupIntentResult>(
  (v) => typeof v.clientSecret === "string" && v.clientSecret.length >= 1,
);

export const AVAILABLE_MESSAGE = "Great! This subdomain is available";
export const TAKEN_MESSAGE = "This subdomain is already taken";
export const RESERVED_MESSAGE = "This subdomain is reserved";
export const UNAVAILABLE_FALLBACK = "This subdomain is not available";

/** The handoff page on the new workspace; the token rides in the fragment, which browsers never
 * send to servers or put in a Referer. */
export function handoffUrl(result: Pick<SignupResult, "workspaceUrl" | "handoffToken">): string {
  return `${result.workspaceUrl}/welcome#token=${encodeURIComponent(result.handoffToken)}`;
}

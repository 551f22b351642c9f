import { z } from "zod";

// Response shapes of the signup API, shared by the route handlers and the browser.

export const availabilitySchema = z.object({ available: z.boolean(), message: z.string() });
export type Availability = z.infer<typeof availabilitySchema>;

export const signupResultSchema = z.object({
  message: z.string(),
  subdomain: z.string(),
  workspaceUrl: z.url(),
  handoffToken: z.string().min(20),
});
export type SignupResult = z.infer<typeof signupResultSchema>;

/** POST /api/signup/setup-intent (SetupIntentDto). */
export const setupIntentResultSchema = z.object({ clientSecret: z.string().min(1) });

export const AVAILABLE_MESSAGE = "Great! This subdomain is available";
export const TAKEN_MESSAGE = "This subdomain is already taken";
export const RESERVED_MESSAGE = "This subdomain is reserved";
export const UNAVAILABLE_FALLBACK = "This subdomain is not available";

/** The handoff page on the new workspace; the token rides in the fragment, which browsers never
 * send to servers or put in a Referer. */
export function handoffUrl(result: Pick<SignupResult, "workspaceUrl" | "handoffToken">): string {
  return `${result.workspaceUrl}/welcome#token=${encodeURIComponent(result.handoffToken)}`;
}

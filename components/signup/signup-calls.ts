// The signup page's calls to the server (availability, SetupIntent, completion) and the reading
// of a failed one, loaded apart from the page's first download (the public budget) through
// loadSignupCalls: all of them run after the visitor has typed or submitted something, and the
// flow fetches this module as soon as the browser is idle (signup-flow.tsx), so it is there by then.
export { fetchAvailability, postSetupIntent, postSignup } from "@/lib/signup/client";
export { failedAnswer } from "@/components/forms/api-answer";
export { handoffUrl, UNAVAILABLE_FALLBACK } from "@/lib/signup/api-types";

import type { CompanySize } from "@/lib/validation/signup-rules";

// Trial seats follow the company size chosen at signup: the top of the band, at most 50
// (docs/decisions.md (Billing and seats)). Client-safe: the payment step shows the same number the
// server writes into the organisation's maxUsers.

const TRIAL_SEATS_CAP = 50;

const BAND_TOP: Record<CompanySize, number> = {
  "1-10": 10,
  "11-50": 50,
  "51-200": 200,
  "201-500": 500,
  "500+": Number.POSITIVE_INFINITY,
};

/** The seats a new workspace's trial starts with for the size band chosen at signup. */
export function trialSeatsFor(size: CompanySize): number {
  return Math.min(BAND_TOP[size], TRIAL_SEATS_CAP);
}

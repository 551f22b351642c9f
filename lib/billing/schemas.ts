import { formatNumber } from "@/lib/format";
import { z } from "zod";
import { entityId } from "@/lib/validation/entity-id";

// Request bodies of the billing and signup-payment routes, shared by the forms (instant feedback)
// and the server (the rule that counts). Client-safe. Messages in the product's words.

const MIN_SEATS = 1;
const MAX_SEATS = 10_000;
export const SEATS_MESSAGE = `Seats must be a whole number from ${MIN_SEATS} to ${formatNumber(MAX_SEATS)}.`;

const EMAIL = "Please enter a valid work email";

/** POST /api/signup/setup-intent: who the card is being set up for (stored on the SetupIntent). */
export const setupIntentRequestSchema = z.object({
  email: z.string({ error: EMAIL }).trim().toLowerCase().max(254, EMAIL).pipe(z.email(EMAIL)),
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(200, "Name must be at most 200 characters"),
  companyName: z
    .string({ error: "Company name is required" })
    .trim()
    .min(1, "Company name is required")
    .max(120, "Company name must be at most 120 characters"),
});
export type SetupIntentRequest = z.infer<typeof setupIntentRequestSchema>;

/** POST /api/billing/{upgrade,cancel,resume,portal}: the workspace acted on (checked against the session's). */
export const billingActionSchema = z.object({ organizationId: entityId("organization", "Organisation is required") });

export const seatsSchema = z
  .number({ error: SEATS_MESSAGE })
  .int(SEATS_MESSAGE)
  .min(MIN_SEATS, SEATS_MESSAGE)
  .max(MAX_SEATS, SEATS_MESSAGE);

/** PUT /api/billing/seats */
export const changeSeatsSchema = billingActionSchema.extend({ seats: seatsSchema });

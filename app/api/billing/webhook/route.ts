import { apiRoute } from "@/lib/api/route";
import { readRawBody } from "@/lib/api/body";
import { receiveWebhook } from "@/lib/billing/webhook";

// POST /api/billing/webhook -> { received: true, duplicate?: true }. Stripe calls it from its own
// servers: any host, no session, no same-origin check; the signature over the exact bytes is the
// check, so the body is read raw (Stripe's events stay well under 256 KiB).
const MAX_WEBHOOK_BYTES = 256 * 1024;

export const POST = apiRoute({ auth: "public", sameOrigin: false, maxBodyBytes: MAX_WEBHOOK_BYTES }, async ({ req }) =>
  receiveWebhook(await readRawBody(req, MAX_WEBHOOK_BYTES), req.headers.get("stripe-signature")),
);

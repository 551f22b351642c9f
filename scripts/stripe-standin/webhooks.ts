/** Signed webhook delivery: POST the event JSON with a Stripe-Signature made by the real library. */
import Stripe from "stripe";
import type { DeliveryResult } from "./index.ts";
import type { StripeEvent } from "./objects.ts";

const RETRY_DELAYS_MS = [100, 300, 1000];
const TIMEOUT_MS = 10_000;

export class Webhooks {
  private pending = new Set<Promise<DeliveryResult>>();
  private readonly stopping = new AbortController();

  constructor(
    public url: string | null,
    private readonly secret: string,
    public auto: boolean,
  ) {}

  /** Background delivery (never blocks the API answer). */
  enqueue(event: StripeEvent): void {
    if (!this.url || !this.auto) return;
    const p = this.deliver(event).finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /** Stops retries and aborts deliveries under way (on stop()). */
  async close(): Promise<void> {
    this.stopping.abort();
    await this.settled();
  }

  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  async deliver(event: StripeEvent): Promise<DeliveryResult> {
    const url = this.url;
    if (!url) return { eventId: event.id, ok: false, status: null, attempts: 0 };
    const payload = JSON.stringify(event, null, 2);
    let status: number | null = null;
    let attempts = 0;
    for (let i = 0; i <= RETRY_DELAYS_MS.length && !this.stopping.signal.aborted; i++) {
      attempts++;
      try {
        const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: this.secret });
        const res = await fetch(url, {
          method: "POST",
          headers: {
            "content-type": "application/json; charset=utf-8",
            "stripe-signature": header,
            "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          },
          body: payload,
          signal: AbortSignal.any([AbortSignal.timeout(TIMEOUT_MS), this.stopping.signal]),
        });
        status = res.status;
        await res.arrayBuffer().catch(() => undefined);
        if (res.ok) return { eventId: event.id, ok: true, status, attempts };
        // A 4xx other than 408/429 will not get better by retrying.
        if (status >= 400 && status < 500 && status !== 408 && status !== 429) break;
      } catch {
        status = null;
      }
      const delay = RETRY_DELAYS_MS[i];
      if (delay !== undefined && !this.stopping.signal.aborted) await new Promise((r) => setTimeout(r, delay));
    }
    return { eventId: event.id, ok: false, status, attempts };
  }
}

/** Hosted Checkout and Billing Portal pages: plain, accessible HTML forms. */
import type { CheckoutSession, PortalSession, Subscription } from "./objects.ts";
import { LIVE_STATUSES, type Store } from "./store.ts";
import { formatDate } from "@/lib/format";

export interface Page {
  status: number;
  html?: string;
  redirect?: string;
}

const esc = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);

const usd = (cents: number): string => `$${(cents / 100).toFixed(2)}`;
const day = (unix: number): string => formatDate(unix * 1000, "longDate", "UTC");

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · Stripe test stand-in</title>
<style>
body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
.banner{background:#fff4d6;border:1px solid #e0b84c;padding:.5rem .75rem;border-radius:6px;font-size:.9rem}
button{font:inherit;padding:.6rem 1.2rem;border-radius:6px;border:1px solid #635bff;background:#635bff;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#635bff}
button:focus-visible,a:focus-visible{outline:3px solid #1a1a1a;outline-offset:2px}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{font-weight:600}
</style></head>
<body><p class="banner" role="note">Stripe test stand-in — no real payment is made.</p>
<main>${body}</main></body></html>`;
}

function notFound(what: string): Page {
  return {
    status: 404,
    html: layout("Not found", `<h1>${esc(what)} not found</h1><p>This link is not valid any more.</p>`),
  };
}

export function checkoutPage(store: Store, id: string): Page {
  const session = store.state.checkoutSessions[id];
  if (!session) return notFound("Checkout session");
  if (session.status === "complete" && session.success_url) return { status: 303, redirect: successUrl(session) };
  if (session.status === "expired")
    return { status: 410, html: layout("Checkout", "<h1>This checkout has expired</h1>") };
  const lines = session.line_items_data.map((li) => {
    const price = store.state.prices[li.price];
    const amount = price?.unit_amount ?? 0;
    return `<li>${li.quantity} × ${usd(amount)} / ${esc(price?.recurring.interval ?? "month")} = <strong>${usd(amount * li.quantity)} / ${esc(price?.recurring.interval ?? "month")}</strong></li>`;
  });
  const customer = session.customer ? store.state.customers[session.customer] : undefined;
  const trial = session.subscription_data.trial_end;
  const body = `<h1>Subscribe to Pulsewell</h1>
<p>${customer?.email ? `Billing ${esc(customer.email)}` : ""}</p>
<ul aria-label="Plan">${lines.join("")}</ul>
${trial ? `<p>Free trial until ${esc(day(trial))}; the first charge is on that day.</p>` : `<p>You will be charged today.</p>`}
<p>Test card 4242 4242 4242 4242 is used.</p>
<form method="post" action="/checkout/${esc(session.id)}/pay"><button type="submit">Subscribe</button></form>
${session.cancel_url ? `<p><a href="${esc(session.cancel_url)}">Back</a></p>` : ""}`;
  return { status: 200, html: layout("Checkout", body) };
}

function successUrl(session: CheckoutSession): string {
  return (session.success_url ?? "/").replace("{CHECKOUT_SESSION_ID}", session.id);
}

export function payCheckout(store: Store, id: string): Page {
  const session = store.state.checkoutSessions[id];
  if (!session) return notFound("Checkout session");
  if (session.status === "expired") return checkoutPage(store, id);
  if (session.status === "open") store.completeCheckout(id);
  return { status: 303, redirect: successUrl(session) };
}

function currentSubscription(store: Store, customer: string): Subscription | undefined {
  const subs = Object.values(store.state.subscriptions)
    .filter((s) => s.customer === customer)
    .reverse();
  return subs.find((s) => LIVE_STATUSES.includes(s.status)) ?? subs[0];
}

export function portalPage(store: Store, id: string): Page {
  const session: PortalSession | undefined = store.state.portalSessions[id];
  if (!session) return notFound("Billing portal session");
  const sub = currentSubscription(store, session.customer);
  let details = "<p>There is no subscription on this account.</p>";
  if (sub) {
    const item = sub.items.data[0];
    const amount = item ? item.price.unit_amount * item.quantity : 0;
    const ending = sub.cancel_at_period_end && item ? `<dt>Ends</dt><dd>${esc(day(item.current_period_end))}</dd>` : "";
    details = `<h2>Current subscription</h2>
<dl><dt>Status</dt><dd>${esc(sub.status)}${sub.cancel_at_period_end ? " (cancels at period end)" : ""}</dd>
<dt>Seats</dt><dd>${item?.quantity ?? 0}</dd><dt>Price</dt><dd>${usd(amount)} / month</dd>
${item ? `<dt>Current period ends</dt><dd>${esc(day(item.current_period_end))}</dd>` : ""}${ending}</dl>`;
    if (LIVE_STATUSES.includes(sub.status)) {
      details += sub.cancel_at_period_end
        ? `<form method="post" action="/portal/${esc(id)}/resume"><button type="submit">Resume</button></form>`
        : `<form method="post" action="/portal/${esc(id)}/cancel"><button type="submit" class="secondary">Cancel subscription</button></form>`;
    }
  }
  const back = session.return_url ? `<p><a href="${esc(session.return_url)}">Return to Pulsewell</a></p>` : "";
  return { status: 200, html: layout("Billing portal", `<h1>Manage your billing</h1>${details}${back}`) };
}

export function portalAction(store: Store, id: string, action: "cancel" | "resume"): Page {
  const session = store.state.portalSessions[id];
  if (!session) return notFound("Billing portal session");
  const sub = currentSubscription(store, session.customer);
  if (sub && LIVE_STATUSES.includes(sub.status)) {
    store.update(sub, () => {
      sub.cancel_at_period_end = action === "cancel";
    });
  }
  return { status: 303, redirect: `/portal/${id}` };
}

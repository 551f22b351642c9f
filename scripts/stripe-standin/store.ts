/** In-memory Stripe state, its JSON file, events, and the state changes shared by API, pages and controls. */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import {
  addMonth,
  API_VERSION,
  clone,
  emptyState,
  newId,
  now,
  type CheckoutSession,
  type Customer,
  type Invoice,
  type Metadata,
  type Price,
  type StandinState,
  type StripeEvent,
  type StripeObject,
  type Subscription,
} from "./objects.ts";

/** A Stripe API error: {error:{type, code, message, param}} with an HTTP status. */
export class StandinError extends Error {
  constructor(
    readonly status: number,
    readonly type: "invalid_request_error" | "card_error" | "api_error" | "authentication_error" | "idempotency_error",
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly declineCode?: string,
  ) {
    super(message);
  }

  body(): { error: Record<string, string> } {
    const error: Record<string, string> = { type: this.type, message: this.message };
    if (this.code) error.code = this.code;
    if (this.param) error.param = this.param;
    if (this.declineCode) error.decline_code = this.declineCode;
    return { error };
  }
}

export const missing = (kind: string, id: string, param = "id"): StandinError =>
  new StandinError(404, "invalid_request_error", `No such ${kind}: '${id}'`, "resource_missing", param);

export const invalid = (message: string, param?: string, code = "parameter_invalid"): StandinError =>
  new StandinError(400, "invalid_request_error", message, code, param);

/** Stripe's test PaymentMethod ids and the test card each stands for. */
export const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: "4242424242424242",
  pm_card_mastercard: "5555555555554444",
  pm_card_chargeDeclined: "4000000000000002",
  pm_card_chargeDeclinedInsufficientFunds: "4000000000009995",
  pm_card_chargeDeclinedExpiredCard: "4000000000000069",
  pm_card_chargeDeclinedIncorrectCvc: "4000000000000127",
};

export const LIVE_STATUSES: readonly Subscription["status"][] = [
  "trialing",
  "active",
  "past_due",
  "unpaid",
  "paused",
  "incomplete",
];

export interface NewSubscription {
  customer: string;
  items: { price: string; quantity: number }[];
  trialEnd: number | null;
  defaultPaymentMethod: string | null;
  metadata: Metadata;
  missingPaymentMethod: string;
  /** Paid at checkout: charge without looking for a saved card. */
  paidAtCheckout?: boolean;
}

export class Store {
  state: StandinState;

  constructor(
    private readonly file: string | null,
    private readonly onEvent: (event: StripeEvent) => void,
  ) {
    this.state = file ? loadState(file) : emptyState();
  }

  /** Writes the state file atomically (temp file + rename). */
  save(): void {
    if (!this.file) return;
    mkdirSync(dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.state));
    renameSync(tmp, this.file);
  }

  reset(): void {
    this.state = emptyState();
    this.save();
  }

  emit(type: string, object: StripeObject, previous?: Record<string, unknown>): StripeEvent {
    const event: StripeEvent = {
      id: newId("evt"),
      object: "event",
      type,
      created: now(),
      api_version: API_VERSION,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: previous ? { object: clone(object), previous_attributes: previous } : { object: clone(object) },
    };
    this.state.events.push(event);
    this.onEvent(event);
    return event;
  }

  customer(id: string, param = "customer"): Customer {
    const c = this.state.customers[id];
    if (!c) throw missing("customer", id, param);
    return c;
  }

  price(id: string, param = "price"): Price {
    const p = this.state.prices[id];
    if (!p) throw missing("price", id, param);
    return p;
  }

  subscription(id: string, param = "id"): Subscription {
    const s = this.state.subscriptions[id];
    if (!s) throw missing("subscription", id, param);
    return s;
  }

  checkoutSession(id: string): CheckoutSession {
    const s = this.state.checkoutSessions[id];
    if (!s) throw missing("checkout.session", id);
    return s;
  }

  paymentMethodFor(sub: Subscription): string | null {
    return (
      sub.default_payment_method ?? this.state.customers[sub.customer]?.invoice_settings.default_payment_method ?? null
    );
  }

  // --- subscriptions ------------------------------------------------------------------------------

  createSubscription(input: NewSubscription): Subscription {
    this.customer(input.customer);
    if (input.items.length === 0) throw invalid("Missing required param: items.", "items", "parameter_missing");
    const t = now();
    const trialing = input.trialEnd !== null && input.trialEnd > t;
    const periodEnd = trialing ? (input.trialEnd as number) : addMonth(t);
    const id = newId("sub");
    const sub: Subscription = {
      id,
      object: "subscription",
      customer: input.customer,
      status: "incomplete",
      created: t,
      start_date: t,
      trial_start: trialing ? t : null,
      trial_end: trialing ? input.trialEnd : null,
      trial_settings: { end_behavior: { missing_payment_method: input.missingPaymentMethod } },
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      metadata: input.metadata,
      default_payment_method: input.defaultPaymentMethod,
      items: {
        object: "list",
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
        data: input.items.map((item, i) => ({
          id: newId("si"),
          object: "subscription_item",
          price: clone(this.price(item.price, `items[${i}][price]`)),
          quantity: item.quantity,
          current_period_start: t,
          current_period_end: periodEnd,
          subscription: id,
          created: t,
          metadata: {},
        })),
      },
      latest_invoice: null,
      currency: "usd",
      livemode: false,
    };
    this.state.subscriptions[id] = sub;
    if (trialing) {
      sub.status = "trialing";
      const inv = this.invoice(sub, "subscription_create", true, 0);
      this.emit("customer.subscription.created", sub);
      this.emit("invoice.paid", inv);
    } else if (input.paidAtCheckout || this.paymentMethodFor(sub)) {
      sub.status = "active";
      const inv = this.invoice(sub, "subscription_create", true);
      this.emit("customer.subscription.created", sub);
      this.emit("invoice.paid", inv);
    } else {
      const inv = this.invoice(sub, "subscription_create", false);
      this.emit("customer.subscription.created", sub);
      this.emit("invoice.payment_failed", inv);
    }
    this.save();
    return sub;
  }

  private invoice(sub: Subscription, reason: string, paid: boolean, amount?: number): Invoice {
    const item = sub.items.data[0];
    const due = amount ?? sub.items.data.reduce((sum, i) => sum + i.price.unit_amount * i.quantity, 0);
    const inv: Invoice = {
      id: newId("in"),
      object: "invoice",
      customer: sub.customer,
      status: paid ? "paid" : "open",
      amount_due: due,
      amount_paid: paid ? due : 0,
      currency: sub.currency,
      created: now(),
      period_start: item?.current_period_start ?? now(),
      period_end: item?.current_period_end ?? now(),
      billing_reason: reason,
      attempt_count: 1,
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: sub.id, metadata: { ...sub.metadata } },
      },
      livemode: false,
    };
    this.state.invoices[inv.id] = inv;
    sub.latest_invoice = inv.id;
    return inv;
  }

  private newPeriod(sub: Subscription): void {
    const t = now();
    for (const item of sub.items.data) {
      item.current_period_start = t;
      item.current_period_end = addMonth(t);
    }
  }

  private live(sub: Subscription): void {
    if (sub.status === "canceled" || sub.status === "incomplete_expired") {
      throw invalid(`This subscription is ${sub.status}.`, "subscription", "resource_missing");
    }
  }

  /** Applies `change`, then emits customer.subscription.updated with previous_attributes. */
  update(sub: Subscription, change: () => void): Subscription {
    const before = clone(sub);
    change();
    const previous: Record<string, unknown> = {};
    for (const key of Object.keys(sub) as (keyof Subscription)[]) {
      if (JSON.stringify(before[key]) !== JSON.stringify(sub[key])) previous[key] = before[key];
    }
    if (Object.keys(previous).length > 0) this.emit("customer.subscription.updated", sub, previous);
    this.save();
    return sub;
  }

  endTrial(id: string, outcome: "paid" | "failed" | "no_payment_method"): Subscription {
    const sub = this.subscription(id);
    this.live(sub);
    const t = now();
    if (outcome === "no_payment_method") {
      return this.update(sub, () => {
        sub.trial_end = t;
        sub.status = sub.trial_settings.end_behavior.missing_payment_method === "cancel" ? "canceled" : "paused";
      });
    }
    this.update(sub, () => {
      sub.trial_end = t;
      this.newPeriod(sub);
      sub.status = outcome === "paid" ? "active" : "past_due";
    });
    const invoice = this.invoice(sub, "subscription_cycle", outcome === "paid");
    this.emit(outcome === "paid" ? "invoice.paid" : "invoice.payment_failed", invoice);
    this.save();
    return sub;
  }

  trialWillEnd(id: string): Subscription {
    const sub = this.subscription(id);
    this.emit("customer.subscription.trial_will_end", sub);
    this.save();
    return sub;
  }

  failPayment(id: string): Subscription {
    const sub = this.subscription(id);
    this.live(sub);
    this.update(sub, () => {
      if (sub.status === "trialing") sub.trial_end = now();
      this.newPeriod(sub);
      sub.status = "past_due";
    });
    this.emit("invoice.payment_failed", this.invoice(sub, "subscription_cycle", false));
    this.save();
    return sub;
  }

  recoverPayment(id: string): Subscription {
    const sub = this.subscription(id);
    this.live(sub);
    const open = sub.latest_invoice ? this.state.invoices[sub.latest_invoice] : undefined;
    let paid: Invoice;
    if (open && open.status === "open") {
      open.status = "paid";
      open.amount_paid = open.amount_due;
      paid = open;
    } else {
      paid = this.invoice(sub, "manual", true);
    }
    this.emit("invoice.paid", paid);
    return this.update(sub, () => {
      sub.status = "active";
    });
  }

  cancelNow(id: string): Subscription {
    const sub = this.subscription(id);
    this.live(sub);
    const t = now();
    const before = clone(sub);
    sub.status = "canceled";
    sub.canceled_at = t;
    sub.ended_at = t;
    sub.cancel_at = null;
    this.emit("customer.subscription.deleted", sub, { status: before.status });
    this.save();
    return sub;
  }

  endPeriod(id: string): Subscription {
    const sub = this.subscription(id);
    this.live(sub);
    if (sub.cancel_at_period_end || sub.cancel_at !== null) return this.cancelNow(id);
    if (sub.status === "trialing") return this.endTrial(id, this.paymentMethodFor(sub) ? "paid" : "no_payment_method");
    this.update(sub, () => this.newPeriod(sub));
    this.emit("invoice.paid", this.invoice(sub, "subscription_cycle", true));
    this.save();
    return sub;
  }

  completeCheckout(id: string): CheckoutSession {
    const session = this.checkoutSession(id);
    if (session.status === "complete") return session;
    if (session.status !== "open") throw invalid("This Checkout Session is no longer open.", "session");
    let customer = session.customer;
    if (!customer) {
      const c = this.createCustomer({ email: session.customer_email, name: null, metadata: {} });
      customer = c.id;
    }
    const trialEnd = session.subscription_data.trial_end;
    const pm = this.createPaymentMethod("4242424242424242", customer);
    const sub = this.createSubscription({
      customer,
      items: session.line_items_data,
      trialEnd,
      defaultPaymentMethod: pm,
      metadata: session.subscription_data.metadata,
      missingPaymentMethod: "create_invoice",
      paidAtCheckout: true,
    });
    session.customer = customer;
    session.subscription = sub.id;
    session.status = "complete";
    session.payment_status = trialEnd !== null && trialEnd > now() ? "no_payment_required" : "paid";
    this.emit("checkout.session.completed", session);
    this.save();
    return session;
  }

  createCustomer(input: {
    email: string | null;
    name: string | null;
    metadata: Metadata;
    paymentMethod?: string | null;
    defaultPaymentMethod?: string | null;
  }): Customer {
    const pmId = input.paymentMethod ? this.paymentMethodId(input.paymentMethod, "payment_method") : null;
    const pm = pmId ? this.state.paymentMethods[pmId] : undefined;
    const dpmRef = input.defaultPaymentMethod ?? null;
    // The same test alias (pm_card_visa) in both fields means the one attached card.
    const dpm =
      dpmRef && dpmRef === input.paymentMethod
        ? pmId
        : dpmRef
          ? this.paymentMethodId(dpmRef, "invoice_settings[default_payment_method]")
          : null;
    const c: Customer = {
      id: newId("cus"),
      object: "customer",
      created: now(),
      email: input.email,
      name: input.name,
      description: null,
      metadata: input.metadata,
      invoice_settings: { default_payment_method: dpm },
      livemode: false,
    };
    if (pm) pm.customer = c.id;
    this.state.customers[c.id] = c;
    this.emit("customer.created", c);
    this.save();
    return c;
  }

  /** A stored PaymentMethod id, or a new one for Stripe's test aliases (pm_card_visa, ...). */
  paymentMethodId(ref: string, param: string): string {
    if (this.state.paymentMethods[ref]) return ref;
    const card = TEST_PAYMENT_METHODS[ref];
    if (!card) throw missing("PaymentMethod", ref, param);
    return this.createPaymentMethod(card);
  }

  createPaymentMethod(cardNumber: string, customer: string | null = null): string {
    const t = new Date();
    const id = newId("pm");
    this.state.paymentMethods[id] = {
      id,
      object: "payment_method",
      type: "card",
      created: now(),
      customer,
      card: { brand: "visa", last4: cardNumber.slice(-4), exp_month: 12, exp_year: t.getUTCFullYear() + 3 },
      livemode: false,
    };
    return id;
  }
}

function loadState(file: string): StandinState {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return emptyState();
  }
  try {
    return { ...emptyState(), ...(JSON.parse(text) as Partial<StandinState>) };
  } catch {
    return emptyState();
  }
}

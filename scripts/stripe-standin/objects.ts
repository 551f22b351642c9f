/** Stripe object shapes (API 2026-10-28) the stand-in stores and answers with. */
import { randomBytes } from "node:crypto";

export const API_VERSION = "2026-10-28.endive";

export type Metadata = Record<string, string>;

export interface Customer {
  id: string;
  object: "customer";
  created: number;
  email: string | null;
  name: string | null;
  description: string | null;
  metadata: Metadata;
  invoice_settings: { default_payment_method: string | null };
  livemode: false;
}

interface PaymentMethod {
  id: string;
  object: "payment_method";
  type: "card";
  created: number;
  customer: string | null;
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  livemode: false;
}

export interface SetupIntent {
  id: string;
  object: "setup_intent";
  client_secret: string;
  created: number;
  customer: string | null;
  status: "requires_payment_method" | "requires_confirmation" | "succeeded" | "canceled";
  usage: string;
  payment_method: string | null;
  allowed_payment_method_types: string[] | null;
  payment_method_types: string[];
  metadata: Metadata;
  last_setup_error: { type: string; code: string; message: string } | null;
  livemode: false;
}

interface Product {
  id: string;
  object: "product";
  name: string;
  active: boolean;
  created: number;
  metadata: Metadata;
  livemode: false;
}

export interface Price {
  id: string;
  object: "price";
  active: boolean;
  currency: string;
  unit_amount: number;
  product: string;
  lookup_key: string | null;
  recurring: { interval: string; interval_count: number };
  type: "recurring";
  created: number;
  metadata: Metadata;
  livemode: false;
}

interface SubscriptionItem {
  id: string;
  object: "subscription_item";
  price: Price;
  quantity: number;
  current_period_start: number;
  current_period_end: number;
  subscription: string;
  created: number;
  metadata: Metadata;
}

type SubscriptionStatus =
  "trialing" | "active" | "past_due" | "canceled" | "incomplete" | "incomplete_expired" | "unpaid" | "paused";

export interface Subscription {
  id: string;
  object: "subscription";
  customer: string;
  status: SubscriptionStatus;
  created: number;
  start_date: number;
  trial_start: number | null;
  trial_end: number | null;
  trial_settings: { end_behavior: { missing_payment_method: string } };
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  metadata: Metadata;
  default_payment_method: string | null;
  items: { object: "list"; data: SubscriptionItem[]; has_more: false; url: string };
  latest_invoice: string | null;
  currency: string;
  livemode: false;
}

export interface Invoice {
  id: string;
  object: "invoice";
  customer: string;
  status: "paid" | "open";
  amount_due: number;
  amount_paid: number;
  currency: string;
  created: number;
  period_start: number;
  period_end: number;
  billing_reason: string;
  attempt_count: number;
  parent: { type: "subscription_details"; subscription_details: { subscription: string; metadata: Metadata } };
  livemode: false;
}

export interface CheckoutSession {
  id: string;
  object: "checkout.session";
  mode: "subscription";
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid" | "no_payment_required";
  customer: string | null;
  customer_email: string | null;
  client_reference_id: string | null;
  line_items_data: { price: string; quantity: number }[];
  subscription_data: { trial_end: number | null; metadata: Metadata };
  subscription: string | null;
  success_url: string | null;
  cancel_url: string | null;
  url: string | null;
  created: number;
  expires_at: number;
  metadata: Metadata;
  livemode: false;
}

export interface PortalSession {
  id: string;
  object: "billing_portal.session";
  customer: string;
  return_url: string | null;
  url: string;
  created: number;
  livemode: false;
}

export type StripeObject =
  Customer | PaymentMethod | SetupIntent | Product | Price | Subscription | Invoice | CheckoutSession | PortalSession;

export interface StripeEvent {
  id: string;
  object: "event";
  type: string;
  created: number;
  api_version: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  data: { object: StripeObject; previous_attributes?: Record<string, unknown> };
}

export interface StandinState {
  customers: Record<string, Customer>;
  paymentMethods: Record<string, PaymentMethod>;
  setupIntents: Record<string, SetupIntent>;
  products: Record<string, Product>;
  prices: Record<string, Price>;
  subscriptions: Record<string, Subscription>;
  invoices: Record<string, Invoice>;
  checkoutSessions: Record<string, CheckoutSession>;
  portalSessions: Record<string, PortalSession>;
  events: StripeEvent[];
  /** Idempotency-Key -> the answer given the first time. */
  idempotency: Record<string, { route: string; status: number; body: unknown }>;
}

export function emptyState(): StandinState {
  return {
    customers: {},
    paymentMethods: {},
    setupIntents: {},
    products: {},
    prices: {},
    subscriptions: {},
    invoices: {},
    checkoutSessions: {},
    portalSessions: {},
    events: [],
    idempotency: {},
  };
}

/** Stripe-looking id: prefix + 24 random alphanumerics. */
export function newId(prefix: string): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const bytes = randomBytes(24);
  let s = "";
  for (const b of bytes) s += alphabet[b % alphabet.length];
  return `${prefix}_${s}`;
}

export const now = (): number => Math.floor(Date.now() / 1000);

/** One month later (calendar month, like Stripe's monthly billing anchor). */
export function addMonth(unix: number): number {
  const d = new Date(unix * 1000);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return Math.floor(d.getTime() / 1000);
}

export function clone<T>(value: T): T {
  return structuredClone(value);
}

/** The /v1 REST endpoints, as the `stripe` npm library calls them. */
import { bool, int, list, metadata, obj, objAt, ParamError, reqStr, str, type FormObject } from "./form.ts";
import {
  clone,
  newId,
  now,
  type CheckoutSession,
  type Price,
  type SetupIntent,
  type StripeObject,
  type Subscription,
} from "./objects.ts";
import { invalid, missing, StandinError, TEST_PAYMENT_METHODS, type Store } from "./store.ts";

export interface ApiRequest {
  method: string;
  /** Path segments after /v1, e.g. ["subscriptions", "sub_1"]. */
  parts: string[];
  params: FormObject;
  /** "secret" for sk_/rk_ keys, "publishable" for pk_ keys. */
  keyKind: "secret" | "publishable";
}

export type Answer =
  | StripeObject
  | StripeObject[]
  | { object: "list"; data: StripeObject[]; has_more: false; url: string }
  | { id: string; object: string; deleted: true };

const listOf = (url: string, data: StripeObject[], limit = 10): Answer => ({
  object: "list",
  data: data.slice(0, limit),
  has_more: false,
  url,
});

const CARD_RESULTS: Record<string, { code: string; decline?: string; message: string } | null> = {
  "4242424242424242": null,
  "5555555555554444": null,
  "4000000000000002": { code: "card_declined", decline: "generic_decline", message: "Your card was declined." },
  "4000000000009995": {
    code: "card_declined",
    decline: "insufficient_funds",
    message: "Your card has insufficient funds.",
  },
  "4000000000000069": { code: "expired_card", message: "Your card has expired." },
  "4000000000000127": { code: "incorrect_cvc", message: "Your card's security code is incorrect." },
};

/** Unix time or "now" (trial_end). */
function unixOrNow(params: FormObject, key: string): number | "now" | undefined {
  const v = str(params, key);
  if (v === undefined || v === "") return undefined;
  if (v === "now") return "now";
  if (!/^\d+$/.test(v))
    throw invalid(`Invalid timestamp: must be an integer Unix timestamp in the future or 'now'.`, key);
  return Number(v);
}

function limitOf(params: FormObject): number {
  const l = int(params, "limit") ?? 10;
  if (l < 1 || l > 100) throw invalid("Invalid limit: must be between 1 and 100", "limit");
  return l;
}

/** Finds any stored object by id (for `expand[]`). */
function lookup(store: Store, id: string): StripeObject | undefined {
  const st = store.state;
  for (const bag of [
    st.customers,
    st.paymentMethods,
    st.setupIntents,
    st.products,
    st.prices,
    st.subscriptions,
    st.invoices,
    st.checkoutSessions,
  ]) {
    const found = (bag as Record<string, StripeObject>)[id];
    if (found) return found;
  }
  return undefined;
}

/** `expand[]=subscription`, `expand[]=data.latest_invoice`: id strings become the objects (one level). */
export function expand(store: Store, answer: Answer, params: FormObject): Answer {
  const raw = params.expand;
  const paths = (Array.isArray(raw) ? raw : typeof raw === "string" && raw ? [raw] : []).filter(
    (p): p is string => typeof p === "string",
  );
  if (paths.length === 0) return answer;
  const out = clone(answer) as unknown as Record<string, unknown>;
  const apply = (target: Record<string, unknown>, field: string): void => {
    const v = target[field];
    if (typeof v === "string") {
      const found = lookup(store, v);
      if (found) target[field] = clone(found);
    }
  };
  for (const p of paths) {
    if (p.startsWith("data.") && Array.isArray(out.data)) {
      for (const row of out.data as Record<string, unknown>[]) apply(row, p.slice(5));
    } else if (!p.includes(".")) {
      apply(out, p);
    }
  }
  return out as unknown as Answer;
}

export function handleApi(store: Store, base: string, req: ApiRequest): Answer {
  const { method, params } = req;
  // "checkout/sessions" and "billing_portal/sessions" are one resource name.
  const parts = ["checkout", "billing_portal"].includes(req.parts[0] ?? "")
    ? [req.parts.slice(0, 2).join("/"), ...req.parts.slice(2)]
    : req.parts;
  const [resource, id, action] = parts;
  if (req.keyKind === "publishable" && !(resource === "setup_intents" && action === "confirm" && method === "POST")) {
    throw new StandinError(
      401,
      "invalid_request_error",
      "This API call cannot be made with a publishable API key. Please use a secret API key.",
      "secret_key_required",
    );
  }
  const route = `${method} ${resource ?? ""}${id !== undefined ? "/:id" : ""}${action !== undefined ? `/${action}` : ""}`;
  try {
    switch (route) {
      case "POST customers": {
        const settings = obj(params, "invoice_settings");
        return store.createCustomer({
          email: str(params, "email") ?? null,
          name: str(params, "name") ?? null,
          metadata: metadata(params),
          paymentMethod: str(params, "payment_method") || null,
          defaultPaymentMethod: (settings && str(settings, "default_payment_method")) || null,
        });
      }
      case "GET customers": {
        const email = str(params, "email");
        const all = Object.values(store.state.customers).filter((c) => email === undefined || c.email === email);
        return listOf("/v1/customers", all.reverse(), limitOf(params));
      }
      case "GET customers/:id":
        return store.customer(id as string, "id");
      case "POST customers/:id":
        return updateCustomer(store, id as string, params);
      case "POST setup_intents":
        return createSetupIntent(store, params);
      case "GET setup_intents/:id":
        return setupIntent(store, id as string);
      case "POST setup_intents/:id": {
        const si = setupIntent(store, id as string);
        si.metadata = metadata(params, si.metadata);
        const customer = str(params, "customer");
        if (customer) si.customer = store.customer(customer).id;
        store.save();
        return si;
      }
      case "POST setup_intents/:id/confirm":
        return confirmSetupIntent(store, id as string, params);
      case "GET payment_methods/:id": {
        const pm = store.state.paymentMethods[id as string];
        if (!pm) throw missing("PaymentMethod", id as string);
        return pm;
      }
      case "POST payment_methods/:id/attach": {
        const pm = store.state.paymentMethods[id as string];
        if (!pm) throw missing("PaymentMethod", id as string);
        pm.customer = store.customer(reqStr(params, "customer")).id;
        store.save();
        return pm;
      }
      case "POST products": {
        const p = {
          id: str(params, "id") || newId("prod"),
          object: "product" as const,
          name: reqStr(params, "name"),
          active: bool(params, "active") ?? true,
          created: now(),
          metadata: metadata(params),
          livemode: false as const,
        };
        store.state.products[p.id] = p;
        store.save();
        return p;
      }
      case "GET products/:id": {
        const p = store.state.products[id as string];
        if (!p) throw missing("product", id as string);
        return p;
      }
      case "POST prices":
        return createPrice(store, params);
      case "GET prices": {
        const keys = list(params, "lookup_keys")?.map((k) => (typeof k === "string" ? k : ""));
        const active = bool(params, "active");
        const all = Object.values(store.state.prices).filter(
          (p) =>
            (keys === undefined || (p.lookup_key !== null && keys.includes(p.lookup_key))) &&
            (active === undefined || p.active === active),
        );
        return listOf("/v1/prices", all.reverse(), limitOf(params));
      }
      case "GET prices/:id":
        return store.price(id as string, "id");
      case "POST subscriptions":
        return createSubscription(store, params);
      case "GET subscriptions": {
        const customer = str(params, "customer");
        const status = str(params, "status");
        const all = Object.values(store.state.subscriptions).filter(
          (s) =>
            (customer === undefined || s.customer === customer) &&
            (status === "all" ||
              (status === undefined
                ? s.status !== "canceled" && s.status !== "incomplete_expired"
                : s.status === status)),
        );
        return listOf("/v1/subscriptions", all.reverse(), limitOf(params));
      }
      case "GET subscriptions/:id":
        return store.subscription(id as string);
      case "POST subscriptions/:id":
        return updateSubscription(store, store.subscription(id as string), params);
      case "DELETE subscriptions/:id": {
        const sub = store.subscription(id as string);
        if (sub.status === "canceled")
          throw invalid(`No such subscription: '${sub.id}' (it is already canceled).`, "id", "resource_missing");
        return store.cancelNow(sub.id);
      }
      case "GET invoices/:id": {
        const inv = store.state.invoices[id as string];
        if (!inv) throw missing("invoice", id as string);
        return inv;
      }
      case "POST checkout/sessions":
        return createCheckout(store, base, params);
      case "GET checkout/sessions/:id":
        return store.checkoutSession(id as string);
      case "POST checkout/sessions/:id/expire": {
        const session = store.checkoutSession(id as string);
        if (session.status !== "open")
          throw invalid(`Only Checkout Sessions with a status of open can be expired.`, "session");
        session.status = "expired";
        store.save();
        return session;
      }
      case "POST billing_portal/sessions": {
        const customer = store.customer(reqStr(params, "customer")).id;
        const sid = newId("bps");
        const s = {
          id: sid,
          object: "billing_portal.session" as const,
          customer,
          return_url: str(params, "return_url") ?? null,
          url: `${base}/portal/${sid}`,
          created: now(),
          livemode: false as const,
        };
        store.state.portalSessions[sid] = s;
        store.save();
        return s;
      }
      case "GET events/:id": {
        const e = store.state.events.find((ev) => ev.id === id);
        if (!e) throw missing("event", id as string);
        return e as unknown as StripeObject;
      }
    }
    throw new StandinError(
      404,
      "invalid_request_error",
      `Unrecognized request URL (${method}: /v1/${req.parts.join("/")}).`,
    );
  } catch (err) {
    if (err instanceof ParamError) throw invalid(err.message, err.param);
    throw err;
  }
}

function updateCustomer(store: Store, id: string, params: FormObject): StripeObject {
  const c = store.customer(id, "id");
  const email = str(params, "email");
  const name = str(params, "name");
  if (email !== undefined) c.email = email || null;
  if (name !== undefined) c.name = name || null;
  c.metadata = metadata(params, c.metadata);
  const settings = obj(params, "invoice_settings");
  const pm = settings ? str(settings, "default_payment_method") : undefined;
  if (pm !== undefined) {
    c.invoice_settings.default_payment_method = pm
      ? store.paymentMethodId(pm, "invoice_settings[default_payment_method]")
      : null;
  }
  store.emit("customer.updated", c);
  store.save();
  return c;
}

function setupIntent(store: Store, id: string): SetupIntent {
  const si = store.state.setupIntents[id];
  if (!si) throw missing("setup_intent", id, "intent");
  return si;
}

function createSetupIntent(store: Store, params: FormObject): SetupIntent {
  const customer = str(params, "customer");
  if (customer) store.customer(customer);
  const id = newId("seti");
  // API 2026-10-28 calls it allowed_payment_method_types; older callers send payment_method_types.
  const raw = list(params, "allowed_payment_method_types") ?? list(params, "payment_method_types");
  const types = raw?.filter((t): t is string => typeof t === "string") ?? ["card"];
  const si: SetupIntent = {
    id,
    object: "setup_intent",
    client_secret: `${id}_secret_${newId("x").slice(2)}`,
    created: now(),
    customer: customer ?? null,
    status: "requires_payment_method",
    usage: str(params, "usage") ?? "off_session",
    payment_method: null,
    allowed_payment_method_types: raw ? types : null,
    payment_method_types: types,
    metadata: metadata(params),
    last_setup_error: null,
    livemode: false,
  };
  store.state.setupIntents[id] = si;
  const pm = str(params, "payment_method");
  if (pm) {
    si.payment_method = store.paymentMethodId(pm, "payment_method");
    si.status = "requires_confirmation";
  }
  store.save();
  return bool(params, "confirm") ? confirmSetupIntent(store, id, {}) : si;
}

/** Card number from `payment_method_data[card][number]`, `card[number]` or `card_number`. */
function cardNumberOf(params: FormObject): string | undefined {
  const pmd = obj(params, "payment_method_data");
  const card = (pmd && obj(pmd, "card")) ?? obj(params, "card");
  const raw = (card && str(card, "number")) ?? str(params, "card_number");
  return raw?.replace(/[\s-]/g, "");
}

/** Declines by test card number (a stored card is known by its last 4 digits: 0002, 9995, ...). */
function cardFailure(number: string): { code: string; decline?: string; message: string } | null {
  if (number.length <= 4) {
    const match = Object.keys(CARD_RESULTS).find((n) => n.endsWith(number) && CARD_RESULTS[n]);
    return match ? (CARD_RESULTS[match] ?? null) : null;
  }
  return CARD_RESULTS[number] ?? null;
}

function confirmSetupIntent(store: Store, id: string, params: FormObject): SetupIntent {
  const si = setupIntent(store, id);
  const secret = str(params, "client_secret");
  if (secret !== undefined && secret !== si.client_secret)
    throw invalid(
      "The client_secret provided does not match the client_secret associated with the SetupIntent.",
      "client_secret",
    );
  if (si.status === "succeeded") {
    throw new StandinError(
      400,
      "invalid_request_error",
      "You cannot confirm this SetupIntent because it has already succeeded.",
      "setup_intent_unexpected_state",
    );
  }
  const ref = str(params, "payment_method") || si.payment_method || undefined;
  let pmId = ref && store.state.paymentMethods[ref] ? ref : undefined;
  if (!pmId) {
    const number = (ref && TEST_PAYMENT_METHODS[ref]) ?? cardNumberOf(params);
    if (ref && !number) throw missing("PaymentMethod", ref, "payment_method");
    if (!number)
      throw invalid(
        "Missing required param: payment_method_data[card][number].",
        "payment_method_data[card][number]",
        "parameter_missing",
      );
    if (!/^\d{12,19}$/.test(number) || !(number in CARD_RESULTS)) {
      throw new StandinError(402, "card_error", "Your card number is incorrect.", "incorrect_number", "number");
    }
    const failure = cardFailure(number);
    if (failure) {
      si.last_setup_error = { type: "card_error", code: failure.code, message: failure.message };
      store.save();
      throw new StandinError(402, "card_error", failure.message, failure.code, undefined, failure.decline);
    }
    pmId = store.createPaymentMethod(number, si.customer);
  } else {
    const failure = cardFailure(store.state.paymentMethods[pmId]?.card.last4 ?? "");
    if (failure) throw new StandinError(402, "card_error", failure.message, failure.code, undefined, failure.decline);
  }
  si.payment_method = pmId;
  si.status = "succeeded";
  si.last_setup_error = null;
  store.emit("setup_intent.succeeded", si);
  store.save();
  return si;
}

function createPrice(store: Store, params: FormObject): Price {
  const recurring = obj(params, "recurring");
  if (!recurring) throw invalid("Missing required param: recurring.", "recurring", "parameter_missing");
  let product = str(params, "product");
  const productData = obj(params, "product_data");
  if (!product && productData) {
    const p = {
      id: newId("prod"),
      object: "product" as const,
      name: reqStr(productData, "name", "product_data[name]"),
      active: true,
      created: now(),
      metadata: {},
      livemode: false as const,
    };
    store.state.products[p.id] = p;
    product = p.id;
  }
  if (!product || !store.state.products[product])
    throw product
      ? missing("product", product, "product")
      : invalid("Missing required param: product.", "product", "parameter_missing");
  const lookupKey = str(params, "lookup_key") || null;
  const transfer = bool(params, "transfer_lookup_key");
  if (lookupKey) {
    const holder = Object.values(store.state.prices).find((p) => p.lookup_key === lookupKey);
    if (holder && !transfer) throw invalid(`A price (\`${holder.id}\`) already uses that lookup key.`, "lookup_key");
    if (holder) holder.lookup_key = null;
  }
  const unitAmount = int(params, "unit_amount");
  if (unitAmount === undefined || unitAmount < 0)
    throw invalid("Missing required param: unit_amount.", "unit_amount", "parameter_missing");
  const price: Price = {
    id: newId("price"),
    object: "price",
    active: bool(params, "active") ?? true,
    currency: reqStr(params, "currency").toLowerCase(),
    unit_amount: unitAmount,
    product,
    lookup_key: lookupKey,
    recurring: {
      interval: reqStr(recurring, "interval", "recurring[interval]"),
      interval_count: int(recurring, "interval_count") ?? 1,
    },
    type: "recurring",
    created: now(),
    metadata: metadata(params),
    livemode: false,
  };
  store.state.prices[price.id] = price;
  store.save();
  return price;
}

function quantityOf(item: FormObject, path: string): number | undefined {
  const q = int(item, "quantity", path);
  if (q !== undefined && (q < 1 || q > 100_000)) throw invalid(`Invalid quantity: must be between 1 and 100000`, path);
  return q;
}

function itemsOf(params: FormObject, key: string): { price: string; quantity: number }[] {
  return (list(params, key) ?? []).map((raw, i) => {
    const item = objAt(raw, `${key}[${i}]`);
    return {
      price: reqStr(item, "price", `${key}[${i}][price]`),
      quantity: quantityOf(item, `${key}[${i}][quantity]`) ?? 1,
    };
  });
}

function createSubscription(store: Store, params: FormObject): Subscription {
  const customer = store.customer(reqStr(params, "customer")).id;
  const items = itemsOf(params, "items");
  if (items.length === 0) throw invalid("Missing required param: items.", "items", "parameter_missing");
  items.forEach((it, i) => store.price(it.price, `items[${i}][price]`));
  const trialEnd = unixOrNow(params, "trial_end");
  if (typeof trialEnd === "number" && trialEnd <= now())
    throw invalid("Invalid timestamp: must be an integer Unix timestamp in the future.", "trial_end");
  const pmRef = str(params, "default_payment_method") || null;
  const pm = pmRef ? store.paymentMethodId(pmRef, "default_payment_method") : null;
  const settings = obj(params, "trial_settings");
  const behavior = settings && obj(settings, "end_behavior");
  return store.createSubscription({
    customer,
    items,
    trialEnd: typeof trialEnd === "number" ? trialEnd : null,
    defaultPaymentMethod: pm,
    metadata: metadata(params),
    missingPaymentMethod: (behavior && str(behavior, "missing_payment_method")) || "create_invoice",
  });
}

function updateSubscription(store: Store, sub: Subscription, params: FormObject): Subscription {
  if (sub.status === "canceled" || sub.status === "incomplete_expired") {
    const onlyMeta = Object.keys(params).every((k) => k === "metadata" || k === "expand");
    if (!onlyMeta)
      throw invalid(
        "A canceled subscription can only update its cancellation_details and metadata.",
        undefined,
        "resource_missing",
      );
  }
  const cancelAtPeriodEnd = bool(params, "cancel_at_period_end");
  const pmRef = str(params, "default_payment_method");
  const pm = pmRef ? store.paymentMethodId(pmRef, "default_payment_method") : pmRef;
  const trialEnd = unixOrNow(params, "trial_end");
  if (typeof trialEnd === "number" && trialEnd <= now())
    throw invalid("Invalid timestamp: must be an integer Unix timestamp in the future.", "trial_end");
  const pb = str(params, "proration_behavior");
  if (pb !== undefined && !["create_prorations", "none", "always_invoice"].includes(pb))
    throw invalid(`Invalid proration_behavior: ${pb}`, "proration_behavior");
  const changes = (list(params, "items") ?? []).map((raw, i) => {
    const item = objAt(raw, `items[${i}]`);
    const itemId = str(item, "id");
    const target = itemId ? sub.items.data.find((it) => it.id === itemId) : undefined;
    if (itemId && !target) throw invalid(`Invalid subscription item: ${itemId}`, `items[${i}][id]`, "resource_missing");
    const priceId = str(item, "price");
    const price = priceId ? clone(store.price(priceId, `items[${i}][price]`)) : undefined;
    if (!target && !price)
      throw invalid("Missing required param: items[0][price].", `items[${i}][price]`, "parameter_missing");
    return {
      target,
      price,
      quantity: quantityOf(item, `items[${i}][quantity]`),
      deleted: bool(item, "deleted") === true,
    };
  });
  const cancelAt = str(params, "cancel_at");
  const endTrialNow = trialEnd === "now" && sub.status === "trialing";
  store.update(sub, () => {
    if (cancelAtPeriodEnd !== undefined) sub.cancel_at_period_end = cancelAtPeriodEnd;
    if (cancelAt === "") sub.cancel_at = null;
    if (pm !== undefined) sub.default_payment_method = pm || null;
    sub.metadata = metadata(params, sub.metadata);
    if (typeof trialEnd === "number") {
      sub.trial_end = trialEnd;
      sub.status = "trialing";
      for (const it of sub.items.data) it.current_period_end = trialEnd;
    }
    for (const c of changes) {
      if (c.target && c.deleted) sub.items.data = sub.items.data.filter((it) => it !== c.target);
      else if (c.target) {
        if (c.price) c.target.price = c.price;
        if (c.quantity !== undefined) c.target.quantity = c.quantity;
      } else if (c.price) {
        const first = sub.items.data[0];
        sub.items.data.push({
          id: newId("si"),
          object: "subscription_item",
          price: c.price,
          quantity: c.quantity ?? 1,
          current_period_start: first?.current_period_start ?? now(),
          current_period_end: first?.current_period_end ?? now(),
          subscription: sub.id,
          created: now(),
          metadata: {},
        });
      }
    }
  });
  if (endTrialNow) return store.endTrial(sub.id, store.paymentMethodFor(sub) ? "paid" : "no_payment_method");
  return sub;
}

function createCheckout(store: Store, base: string, params: FormObject): CheckoutSession {
  const mode = reqStr(params, "mode");
  if (mode !== "subscription") throw invalid(`The stand-in only supports mode 'subscription', not '${mode}'.`, "mode");
  const customer = str(params, "customer") || null;
  if (customer) store.customer(customer);
  const items = itemsOf(params, "line_items");
  if (items.length === 0) throw invalid("Missing required param: line_items.", "line_items", "parameter_missing");
  items.forEach((it, i) => store.price(it.price, `line_items[${i}][price]`));
  const successUrl = reqStr(params, "success_url");
  const subData = obj(params, "subscription_data") ?? {};
  const trialEnd = int(subData, "trial_end", "subscription_data[trial_end]") ?? null;
  if (trialEnd !== null && trialEnd < now() + 48 * 3600) {
    throw invalid("The `trial_end` date has to be at least 2 days in the future.", "subscription_data[trial_end]");
  }
  // Stripe takes an expiry from 30 minutes to 24 hours ahead (the default).
  const expiresAt = int(params, "expires_at") ?? now() + 24 * 3600;
  if (expiresAt < now() + 30 * 60 - 5 || expiresAt > now() + 24 * 3600 + 5) {
    throw invalid("The `expires_at` timestamp must be between 30 minutes and 24 hours from now.", "expires_at");
  }
  const id = newId("cs_test");
  const session: CheckoutSession = {
    id,
    object: "checkout.session",
    mode: "subscription",
    status: "open",
    payment_status: "unpaid",
    customer,
    customer_email: str(params, "customer_email") ?? null,
    client_reference_id: str(params, "client_reference_id") ?? null,
    line_items_data: items,
    subscription_data: { trial_end: trialEnd, metadata: metadata(subData) },
    subscription: null,
    success_url: successUrl,
    cancel_url: str(params, "cancel_url") ?? null,
    url: `${base}/checkout/${id}`,
    created: now(),
    expires_at: expiresAt,
    metadata: metadata(params),
    livemode: false,
  };
  store.state.checkoutSessions[id] = session;
  store.save();
  return session;
}

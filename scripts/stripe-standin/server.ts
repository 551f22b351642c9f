/** The node:http server: routes /v1 (API), hosted pages, /js/stripe.js and /_standin controls. */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { expand, handleApi } from "./api.ts";
import { fromJson, parseForm, type FormObject } from "./form.ts";
import type { StripeStandin, StripeStandinOptions, TrialOutcome } from "./index.ts";
import { API_VERSION, clone, newId } from "./objects.ts";
import { checkoutPage, payCheckout, portalAction, portalPage, type Page } from "./pages.ts";
import { invalid, StandinError, Store } from "./store.ts";
import { stripeJsSource } from "./stripe-js.ts";
import { Webhooks } from "./webhooks.ts";

const MAX_BODY = 1024 * 1024;
const CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-headers": "Authorization, Content-Type, Idempotency-Key, Stripe-Version, Stripe-Account",
  "access-control-allow-methods": "GET, POST, DELETE, OPTIONS",
  "access-control-max-age": "600",
  "access-control-allow-private-network": "true",
};

class TooLarge extends Error {}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new TooLarge("Request body too large.");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function parseBody(text: string, contentType: string | undefined): FormObject {
  if (!text) return {};
  if (contentType?.includes("application/json")) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw invalid("Invalid JSON body.");
    }
    const value = fromJson(json);
    if (typeof value === "string" || Array.isArray(value)) throw invalid("The JSON body must be an object.");
    return value;
  }
  return parseForm(text);
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body, null, 2);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers });
  res.end(text);
}

function sendPage(res: ServerResponse, page: Page): void {
  if (page.redirect) {
    res.writeHead(303, { location: page.redirect, "cache-control": "no-store" });
    res.end();
    return;
  }
  res.writeHead(page.status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
  res.end(page.html ?? "");
}

/** Bearer (or Basic, as curl -u sends it) key -> its kind; anything else is refused. */
function keyKind(req: IncomingMessage): "secret" | "publishable" {
  const auth = req.headers.authorization ?? "";
  let key = "";
  if (/^Bearer /i.test(auth)) key = auth.slice(7).trim();
  else if (/^Basic /i.test(auth)) key = Buffer.from(auth.slice(6), "base64").toString("utf8").split(":")[0] ?? "";
  if (/^(sk_(test|live)_|rk_(test|live)_)\S+$/.test(key)) return "secret";
  if (/^pk_(test|live)_\S+$/.test(key)) return "publishable";
  throw new StandinError(
    401,
    "invalid_request_error",
    key
      ? `Invalid API Key provided: ${key.slice(0, 8)}***`
      : "You did not provide an API key. Use Authorization: Bearer <key>.",
    key ? "api_key_invalid" : undefined,
  );
}

export async function createStandin(opts: StripeStandinOptions): Promise<StripeStandin> {
  const host = opts.host ?? "127.0.0.1";
  const webhooks = new Webhooks(opts.webhookUrl ?? null, opts.webhookSecret, opts.autoDeliver ?? true);
  const store = new Store(opts.stateFile ?? null, (event) => webhooks.enqueue(event));
  let failing = false;
  let base = "";

  const controls = {
    endTrial: (id: string, outcome: TrialOutcome) => clone(store.endTrial(id, outcome)),
    trialWillEnd: (id: string) => clone(store.trialWillEnd(id)),
    failPayment: (id: string) => clone(store.failPayment(id)),
    recoverPayment: (id: string) => clone(store.recoverPayment(id)),
    cancelNow: (id: string) => clone(store.cancelNow(id)),
    endPeriod: (id: string) => clone(store.endPeriod(id)),
    completeCheckout: (id: string) => clone(store.completeCheckout(id)),
  };

  async function control(name: string, body: FormObject): Promise<unknown> {
    const field = (key: string): string => {
      const v = body[key];
      if (typeof v !== "string" || !v) throw invalid(`Missing ${key}.`, key);
      return v;
    };
    switch (name) {
      case "end-trial": {
        const outcome = body.outcome ?? "paid";
        if (outcome !== "paid" && outcome !== "failed" && outcome !== "no_payment_method")
          throw invalid("outcome must be paid, failed or no_payment_method.", "outcome");
        return controls.endTrial(field("subscriptionId"), outcome);
      }
      case "trial-will-end":
        return controls.trialWillEnd(field("subscriptionId"));
      case "fail-payment":
        return controls.failPayment(field("subscriptionId"));
      case "recover-payment":
        return controls.recoverPayment(field("subscriptionId"));
      case "cancel-now":
        return controls.cancelNow(field("subscriptionId"));
      case "end-period":
        return controls.endPeriod(field("subscriptionId"));
      case "complete-checkout":
        return controls.completeCheckout(field("sessionId"));
      case "deliver": {
        const event = store.state.events.find((e) => e.id === field("eventId"));
        if (!event) throw invalid("No such event.", "eventId", "resource_missing");
        return webhooks.deliver(event);
      }
      case "settled":
        await webhooks.settled();
        return { settled: true };
      case "failing":
        failing = body.on === "true";
        return { failing };
      case "reset":
        store.reset();
        return { reset: true };
    }
    throw new StandinError(404, "invalid_request_error", `Unknown control: ${name}`);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://standin.local");
    const path = url.pathname.replace(/\/+$/, "") || "/";
    const method = req.method ?? "GET";
    const isApi = path.startsWith("/v1/");
    if (method === "OPTIONS") {
      res.writeHead(204, CORS);
      res.end();
      return;
    }
    const requestId = newId("req");
    const apiHeaders: Record<string, string> = isApi
      ? { ...CORS, "request-id": requestId, "stripe-version": API_VERSION }
      : {};
    try {
      if (isApi) {
        if (failing) {
          throw new StandinError(503, "api_error", "The Stripe test stand-in is simulating an outage.");
        }
        const kind = keyKind(req);
        const text = method === "POST" ? await readBody(req) : "";
        const params = { ...parseForm(url.search.slice(1)), ...parseBody(text, req.headers["content-type"]) };
        const parts = path.slice(4).split("/").map(decodeURIComponent);
        const idemKey = method === "POST" ? req.headers["idempotency-key"] : undefined;
        const route = `${method} ${path}`;
        if (typeof idemKey === "string" && idemKey) {
          const seen = store.state.idempotency[idemKey];
          if (seen) {
            if (seen.route !== route) {
              throw new StandinError(
                400,
                "idempotency_error",
                `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${seen.route}').`,
              );
            }
            send(res, seen.status, seen.body, {
              ...apiHeaders,
              "idempotent-replayed": "true",
              "idempotency-key": idemKey,
            });
            return;
          }
        }
        try {
          const body = clone(expand(store, handleApi(store, base, { method, parts, params, keyKind: kind }), params));
          if (typeof idemKey === "string" && idemKey) {
            store.state.idempotency[idemKey] = { route, status: 200, body };
            store.save();
          }
          send(res, 200, body, apiHeaders);
        } catch (err) {
          if (err instanceof StandinError && err.status === 402 && typeof idemKey === "string" && idemKey) {
            store.state.idempotency[idemKey] = { route, status: 402, body: err.body() };
            store.save();
          }
          throw err;
        }
        return;
      }
      if (method === "GET" && (path === "/js/stripe.js" || path === "/v3" || /^\/[a-z]+\/stripe\.js$/.test(path))) {
        res.writeHead(200, {
          "content-type": "text/javascript; charset=utf-8",
          "cache-control": "no-store",
          "access-control-allow-origin": "*",
        });
        res.end(stripeJsSource());
        return;
      }
      const page = path.match(/^\/(checkout|portal)\/([A-Za-z0-9_]+)(?:\/(pay|cancel|resume))?$/);
      if (page) {
        const [, kind, id = "", action] = page;
        if (method === "GET" && !action)
          return sendPage(res, kind === "checkout" ? checkoutPage(store, id) : portalPage(store, id));
        if (method === "POST" && kind === "checkout" && action === "pay") return sendPage(res, payCheckout(store, id));
        if (method === "POST" && kind === "portal" && (action === "cancel" || action === "resume"))
          return sendPage(res, portalAction(store, id, action));
      }
      if (path.startsWith("/_standin/")) {
        const name = path.slice("/_standin/".length);
        if (method === "GET" && name === "events") return send(res, 200, { object: "list", data: store.state.events });
        if (method === "GET" && name === "state") return send(res, 200, store.state);
        if (method === "POST") {
          const body = parseBody(await readBody(req), "application/json");
          return send(res, 200, await control(name, body));
        }
      }
      if (method === "GET" && path === "/") {
        return sendPage(res, {
          status: 200,
          html: "<!doctype html><title>Stripe test stand-in</title><h1>Stripe test stand-in</h1><p>Local fake of Stripe's API for Pulsewell tests and demos.</p>",
        });
      }
      send(res, 404, {
        error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` },
      });
    } catch (err) {
      if (err instanceof StandinError) {
        const extra: Record<string, string> = err.status === 503 ? { "stripe-should-retry": "false" } : {};
        send(res, err.status, err.body(), { ...apiHeaders, ...extra });
      } else if (err instanceof TooLarge) {
        send(res, 413, { error: { type: "invalid_request_error", message: err.message } }, apiHeaders);
      } else {
        console.error("[stripe-standin]", err);
        send(
          res,
          500,
          { error: { type: "api_error", message: "The Stripe test stand-in failed on this request." } },
          apiHeaders,
        );
      }
    }
  }

  const server = createServer((req, res) => {
    void handle(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const urlHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  const url = `http://${urlHost}:${port}`;
  base = (opts.publicUrl ?? url).replace(/\/+$/, "");

  return {
    url,
    port,
    async stop() {
      await webhooks.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    events: () => clone(store.state.events),
    state: () => clone(store.state),
    ...controls,
    deliver(eventId) {
      const event = store.state.events.find((e) => e.id === eventId);
      if (!event) return Promise.reject(new Error(`No such event: ${eventId}`));
      return webhooks.deliver(event);
    },
    settled: () => webhooks.settled(),
    setFailing(on) {
      failing = on;
    },
    setWebhookUrl(u) {
      webhooks.url = u;
    },
    reset: () => store.reset(),
  };
}

/**
 * Browser Stripe.js stand-in served at /js/stripe.js (and /v3, /endive/stripe.js): enough of
 * window.Stripe for @stripe/stripe-js 10.2.1 (loadStripe checks `Stripe.version`, calls
 * `_registerWrapper`) and @stripe/react-stripe-js 7.0.1 (<Elements> checks elements/createToken/
 * createPaymentMethod/confirmCardPayment, calls registerAppInfo; <PaymentElement> create/mount/
 * on/off/update/destroy). The Payment Element renders plain labelled inputs (no iframe);
 * confirmSetup POSTs to `${apiBase}/v1/setup_intents/:id/confirm` with the publishable key.
 * apiBase = the script's origin, or https://api.stripe.com when loaded from https://js.stripe.com.
 */

const SCRIPT = String.raw`(function () {
  "use strict";
  if (window.Stripe && window.Stripe.__standin) return;
  var current = document.currentScript;
  if (!current || !current.src) {
    var all = document.querySelectorAll("script[src]");
    for (var i = all.length - 1; i >= 0; i--) {
      if (/\/(js\/stripe\.js|v3\/?|[a-z]+\/stripe\.js)(\?.*)?$/.test(all[i].src)) { current = all[i]; break; }
    }
  }
  var scriptOrigin = current && current.src ? new URL(current.src, location.href).origin : location.origin;
  var API_BASE = scriptOrigin === "https://js.stripe.com" ? "https://api.stripe.com" : scriptOrigin;

  function digits(s) { return String(s || "").replace(/\D/g, ""); }

  function parseExpiry(v) {
    var d = digits(v);
    if (d.length !== 4 && d.length !== 6) return null;
    var month = Number(d.slice(0, 2));
    var year = Number(d.length === 4 ? "20" + d.slice(2) : d.slice(2));
    if (month < 1 || month > 12) return null;
    var now = new Date();
    if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) return null;
    return { month: month, year: year };
  }

  function fieldState(inputs) {
    var number = digits(inputs.number.value);
    var expiry = parseExpiry(inputs.expiry.value);
    var cvc = digits(inputs.cvc.value);
    var empty = !number && !digits(inputs.expiry.value) && !cvc;
    var error = null;
    if (number.length < 12) error = { type: "validation_error", code: "incomplete_number", message: "Your card number is incomplete." };
    else if (!expiry) error = digits(inputs.expiry.value).length < 4
      ? { type: "validation_error", code: "incomplete_expiry", message: "Your card's expiration date is incomplete." }
      : { type: "validation_error", code: "invalid_expiry_year_past", message: "Your card's expiration date is in the past." };
    else if (cvc.length < 3) error = { type: "validation_error", code: "incomplete_cvc", message: "Your card's security code is incomplete." };
    return { number: number, expiry: expiry, cvc: cvc, empty: empty, complete: !error, error: error };
  }

  var seq = 0;
  function createPaymentElement(type, options) {
    var listeners = {};
    var node = null;
    var inputs = null;
    var readyFired = false;
    var destroyed = false;
    var el = {
      __type: type,
      __state: function () { return inputs ? fieldState(inputs) : null; },
      on: function (event, cb) {
        (listeners[event] = listeners[event] || []).push(cb);
        if (event === "ready" && readyFired) setTimeout(function () { cb({ elementType: type }); }, 0);
        return el;
      },
      once: function (event, cb) {
        var wrapped = function (e) { el.off(event, wrapped); cb(e); };
        return el.on(event, wrapped);
      },
      off: function (event, cb) {
        if (!listeners[event]) return el;
        listeners[event] = cb ? listeners[event].filter(function (f) { return f !== cb; }) : [];
        return el;
      },
      mount: function (target) {
        if (destroyed) throw new Error("This Element has already been destroyed. Please create a new one.");
        node = typeof target === "string" ? document.querySelector(target) : target;
        if (!node) throw new Error("The selector you specified (" + target + ") applies to no DOM elements that are currently on the page.");
        render();
        emit("loaderstart", { elementType: type });
        setTimeout(function () { readyFired = true; emit("ready", { elementType: type }); }, 0);
      },
      unmount: function () { if (node) node.innerHTML = ""; node = null; inputs = null; },
      destroy: function () { el.unmount(); destroyed = true; listeners = {}; },
      update: function (opts) { options = Object.assign({}, options, opts || {}); },
      focus: function () { if (inputs) inputs.number.focus(); },
      blur: function () { if (document.activeElement && node && node.contains(document.activeElement)) document.activeElement.blur(); },
      clear: function () { if (inputs) { inputs.number.value = ""; inputs.expiry.value = ""; inputs.cvc.value = ""; change(); } },
      collapse: function () { return el; }
    };
    function emit(event, payload) {
      (listeners[event] || []).slice().forEach(function (cb) { try { cb(payload); } catch (e) { setTimeout(function () { throw e; }, 0); } });
    }
    function change() {
      var s = fieldState(inputs);
      emit("change", { elementType: type, empty: s.empty, complete: s.complete, collapsed: false, value: { type: "card" } });
    }
    function field(label, name, placeholder, autocomplete, max) {
      var id = "standin-" + name + "-" + (++seq);
      var wrap = document.createElement("div");
      wrap.style.margin = "0 0 8px";
      var l = document.createElement("label");
      l.htmlFor = id;
      l.textContent = label;
      l.style.display = "block";
      var i = document.createElement("input");
      i.id = id;
      i.name = name;
      i.type = "text";
      i.inputMode = "numeric";
      i.autocomplete = autocomplete;
      i.placeholder = placeholder;
      i.maxLength = max;
      i.setAttribute("data-standin-field", name);
      i.style.cssText = "display:block;width:100%;box-sizing:border-box;padding:8px;border:1px solid #ccc;border-radius:4px;font:inherit";
      i.addEventListener("input", change);
      i.addEventListener("focus", function () { emit("focus", { elementType: type }); });
      i.addEventListener("blur", function () { emit("blur", { elementType: type }); });
      wrap.appendChild(l);
      wrap.appendChild(i);
      return { wrap: wrap, input: i };
    }
    function render() {
      node.innerHTML = "";
      var box = document.createElement("div");
      box.setAttribute("role", "group");
      box.setAttribute("aria-label", "Card details (Stripe test stand-in)");
      box.setAttribute("data-testid", "stripe-standin-payment-element");
      var number = field("Card number", "cardnumber", "1234 1234 1234 1234", "cc-number", 23);
      var expiry = field("Expiry (MM / YY)", "exp-date", "MM / YY", "cc-exp", 7);
      var cvc = field("CVC", "cvc", "CVC", "cc-csc", 4);
      box.appendChild(number.wrap);
      box.appendChild(expiry.wrap);
      box.appendChild(cvc.wrap);
      var note = document.createElement("p");
      note.textContent = "Stripe test stand-in: use 4242 4242 4242 4242.";
      note.style.cssText = "font-size:12px;color:#666;margin:0";
      box.appendChild(note);
      node.appendChild(box);
      inputs = { number: number.input, expiry: expiry.input, cvc: cvc.input };
    }
    return el;
  }

  function createElements(stripe, options) {
    var opts = Object.assign({}, options || {});
    var created = {};
    return {
      __options: function () { return opts; },
      __payment: function () { return created.payment || null; },
      create: function (type, elOptions) {
        if (created[type]) throw new Error("Can only create one Element of type " + type + ".");
        created[type] = createPaymentElement(type, elOptions || {});
        return created[type];
      },
      getElement: function (type) { return created[type] || null; },
      update: function (o) { opts = Object.assign({}, opts, o || {}); },
      fetchUpdates: function () { return Promise.resolve({}); },
      submit: function () {
        var el = created.payment;
        var s = el && el.__state();
        if (!s) return Promise.resolve({ error: { type: "validation_error", message: "The Payment Element is not mounted." } });
        return Promise.resolve(s.error ? { error: s.error } : { selectedPaymentMethod: "card" });
      }
    };
  }

  function encode(obj, prefix, out) {
    Object.keys(obj).forEach(function (k) {
      var key = prefix ? prefix + "[" + k + "]" : k;
      var v = obj[k];
      if (v === undefined || v === null) return;
      if (typeof v === "object") encode(v, key, out);
      else out.push(encodeURIComponent(key) + "=" + encodeURIComponent(String(v)));
    });
    return out;
  }

  function Stripe(publishableKey, options) {
    if (typeof publishableKey !== "string" || !publishableKey) throw new Error("Please call Stripe() with your publishable key. You used an empty string.");
    if (/^sk_/.test(publishableKey)) throw new Error("You should not use your secret key with Stripe.js. Please pass a publishable key instead.");
    function post(path, body) {
      return fetch(API_BASE + path, {
        method: "POST",
        headers: { "Authorization": "Bearer " + publishableKey, "Content-Type": "application/x-www-form-urlencoded" },
        body: encode(body, "", []).join("&")
      }).then(function (res) {
        return res.json().then(function (json) { return { ok: res.ok, json: json }; });
      }, function () {
        return { ok: false, json: { error: { type: "api_connection_error", message: "We could not reach Stripe. Please check your connection and try again." } } };
      });
    }
    var unsupported = function () { return Promise.resolve({ error: { type: "invalid_request_error", message: "Not supported by the Stripe test stand-in." } }); };
    var stripe = {
      __standin: true,
      _apiBase: API_BASE,
      _options: options || {},
      _registerWrapper: function () {},
      registerAppInfo: function () {},
      elements: function (o) { return createElements(stripe, o); },
      createToken: unsupported,
      createPaymentMethod: unsupported,
      confirmCardPayment: unsupported,
      confirmPayment: unsupported,
      confirmCardSetup: unsupported,
      retrieveSetupIntent: function (secret) {
        return Promise.resolve({ setupIntent: { id: String(secret).split("_secret_")[0], client_secret: secret, object: "setup_intent" } });
      },
      confirmSetup: function (params) {
        params = params || {};
        var elements = params.elements;
        var secret = params.clientSecret || (elements && elements.__options().clientSecret);
        if (!secret) return Promise.resolve({ error: { type: "invalid_request_error", message: "Missing value for confirmSetup: clientSecret." } });
        var el = elements && elements.__payment();
        var s = el && el.__state();
        if (!s) return Promise.resolve({ error: { type: "validation_error", message: "The Payment Element is not mounted." } });
        if (s.error) return Promise.resolve({ error: s.error });
        var id = String(secret).split("_secret_")[0];
        return post("/v1/setup_intents/" + encodeURIComponent(id) + "/confirm", {
          client_secret: secret,
          payment_method_data: { type: "card", card: { number: s.number, exp_month: s.expiry.month, exp_year: s.expiry.year, cvc: s.cvc } }
        }).then(function (r) {
          if (!r.ok) return { error: r.json && r.json.error ? r.json.error : { type: "api_error", message: "An unexpected error occurred." } };
          var returnUrl = params.confirmParams && params.confirmParams.return_url;
          if (params.redirect !== "if_required" && returnUrl) {
            var u = new URL(returnUrl, location.href);
            u.searchParams.set("setup_intent", r.json.id);
            u.searchParams.set("setup_intent_client_secret", secret);
            u.searchParams.set("redirect_status", "succeeded");
            location.assign(u.toString());
            return new Promise(function () {});
          }
          return { setupIntent: r.json };
        });
      }
    };
    return stripe;
  }
  Stripe.version = "endive";
  Stripe.__standin = true;
  window.Stripe = Stripe;
})();
`;

export function stripeJsSource(): string {
  return SCRIPT;
}

import { describe, expect, it } from "vitest";
import {
  needsNewIntent,
  paymentReturnUrl,
  setupIntentKey,
  setupIntentRequest,
  type CardState,
} from "@/components/signup/setup-intent";

const person = {
  workEmail: " Ada@Example.COM ",
  firstName: "Ada ",
  lastName: " Lovelace",
  companyName: " Engines Ltd ",
};

describe("signup card step", () => {
  it("creates the SetupIntent for the signup's e-mail, name and company", () => {
    expect(setupIntentRequest(person)).toEqual({
      email: "ada@example.com",
      name: "Ada Lovelace",
      companyName: "Engines Ltd",
    });
  });

  it("keeps the SetupIntent while those details are unchanged", () => {
    const key = setupIntentKey(setupIntentRequest(person));
    const ready: CardState = { kind: "ready", key, clientSecret: "seti_1_secret_x", confirmedId: null };
    expect(needsNewIntent(ready, key)).toBe(false);
    expect(needsNewIntent({ kind: "loading", key }, key)).toBe(false);
    // A different company (or name, or e-mail) needs a new one; so does a failed or no attempt.
    expect(needsNewIntent(ready, setupIntentKey(setupIntentRequest({ ...person, companyName: "Other" })))).toBe(true);
    expect(needsNewIntent({ kind: "failed", key, request: setupIntentRequest(person) }, key)).toBe(true);
    expect(needsNewIntent({ kind: "idle" }, key)).toBe(true);
  });

  it("returns to the main site's /dashboard", () => {
    expect(paymentReturnUrl("http://localhost:3000")).toBe("http://localhost:3000/dashboard");
  });
});

import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as zm from "zod/mini";
import { regexes } from "zod/v4/core";
import { EMAIL_PATTERN, email, type Validator } from "@/lib/validation/rules";
import { signupRules } from "@/lib/validation/signup-rules";
import { isSafeName, NAME_MESSAGE } from "@/lib/validation/names";
import { signupSchema } from "@/lib/signup/schemas";
import { changePasswordRules, newPasswordRules, resetRequestRules } from "@/lib/auth/password-rules";
import { changePasswordSchema, newPasswordSchema, resetRequestSchema } from "@/lib/auth/password-schemas";
import { signInSchema } from "@/lib/auth/sign-in-schemas";
import { companyFinderRules } from "@/lib/tenancy/company-finder-rules";
import { companyFinderSchema } from "@/lib/tenancy/company-finder-schemas";
import { emailChangeTokenRules } from "@/lib/people/email-change-rules";
import { emailChangeTokenSchema } from "@/lib/people/email-change-schemas";
import { zodFieldErrors } from "@/lib/errors/problem";
import { VALID_SIGNUP } from "@/tests/fixtures/signup-input";

// The zod-free rules (lib/validation/rules.ts) that the public pages validate with, and the zod
// schemas the server parses with (which wrap them), must answer exactly as the zod schemas they
// replaced: same messages under the same fields, in the same order, and the same parsed values.
// Those former schemas are written out below, as they were, as the reference.

type Parser = {
  safeParse(
    input: unknown,
  ):
    | { success: true; data: unknown }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
};

/** What a parser says about an input: its field messages, or its parsed values. */
function answer(parser: Parser, input: unknown) {
  const r = parser.safeParse(input);
  return r.success ? { data: r.data } : { fields: zodFieldErrors(r.error.issues) };
}

// ---- The former schemas (zod/mini on the public pages, classic zod for signup and change). ----
const PASSWORD_MAX = 200;
const DIFFER = "Passwords don't match";
const when = (payload: { value: unknown }) => {
  const v = payload.value as { password?: unknown; confirmPassword?: unknown } | null;
  return typeof v?.password === "string" && typeof v.confirmPassword === "string";
};
const oldPassword = zm
  .string({ error: "Please enter a password" })
  .check(
    zm.minLength(8, "Password must be at least 8 characters"),
    zm.maxLength(PASSWORD_MAX, "Password must be at most 200 characters"),
    zm.regex(
      /^$|^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).*$/,
      "Password must contain at least one uppercase letter, one lowercase letter, and one number",
    ),
  );
const oldConfirm = zm.string({ error: DIFFER }).check(zm.maxLength(PASSWORD_MAX, DIFFER));
const matching = { message: DIFFER, path: ["confirmPassword"], when };
const EMAIL = "Please enter a valid email";
const LINK = "This link is incomplete. Please open it again from your e-mail.";
const oldEmail = (message: string) =>
  zm.pipe(
    zm.string({ error: message }).check(zm.trim(), zm.toLowerCase(), zm.maxLength(254, message)),
    zm.email(message),
  );

const oldResetRequest = zm.object({ email: oldEmail(EMAIL) });
const oldNewPassword = zm
  .object({
    token: zm.string({ error: LINK }).check(zm.minLength(20, LINK), zm.maxLength(100, LINK)),
    password: oldPassword,
    confirmPassword: oldConfirm,
  })
  .check(zm.refine((v) => v.password === v.confirmPassword, matching));
const oldChangePassword = z
  .object({
    currentPassword: z
      .string({ error: "Please enter your current password" })
      .min(1, "Please enter your current password")
      .max(PASSWORD_MAX, "The current password is not correct."),
    password: oldPassword,
    confirmPassword: oldConfirm,
  })
  .refine((v) => v.password === v.confirmPassword, matching);
const oldSignIn = zm.object({
  email: oldEmail(EMAIL),
  password: zm
    .string({ error: "Please enter your password" })
    .check(zm.minLength(1, "Please enter your password"), zm.maxLength(PASSWORD_MAX, "Invalid email or password.")),
});
const oldFinder = zm.object({
  company: zm
    .string({ error: "Company name is required" })
    .check(
      zm.trim(),
      zm.minLength(1, "Company name is required"),
      zm.maxLength(253, "Company name must be at most 253 characters"),
    ),
});
const INCOMPLETE = "This link is incomplete";
const oldEmailChangeToken = z.object({
  token: z.string({ error: INCOMPLETE }).min(1, INCOMPLETE).max(200, INCOMPLETE),
});
const required = (message: string, max: number, tooLong: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, tooLong);
const PAYMENT = "Your card could not be confirmed. Please try again.";
const oldSignup = z
  .object({
    // The name rule came later (lib/validation/names.ts): names refuse links, markup and line breaks.
    firstName: required("First name is required", 100, "First name must be at most 100 characters").refine(
      isSafeName,
      NAME_MESSAGE,
    ),
    lastName: required("Last name is required", 100, "Last name must be at most 100 characters").refine(
      isSafeName,
      NAME_MESSAGE,
    ),
    workEmail: z
      .string({ error: "Please enter a valid work email" })
      .trim()
      .toLowerCase()
      .max(254, "Please enter a valid work email")
      .pipe(z.email("Please enter a valid work email")),
    password: oldPassword,
    confirmPassword: oldConfirm,
    companyName: required("Company name is required", 120, "Company name must be at most 120 characters"),
    subdomain: z
      .string({ error: "Subdomain must be at least 3 characters" })
      .min(3, "Subdomain must be at least 3 characters")
      .max(30, "Subdomain must be less than 30 characters")
      .regex(/^[a-z0-9-]*$/, "Subdomain can only contain lowercase letters, numbers, and hyphens")
      .refine((s) => !s.startsWith("-") && !s.endsWith("-"), "Subdomain cannot start or end with hyphens"),
    companySize: z.enum(["1-10", "11-50", "51-200", "201-500", "500+"], { error: "Please select company size" }),
    marketingConsent: z.boolean({ error: "Please tick the box or leave it empty" }).optional(),
    setupIntentId: z.string({ error: PAYMENT }).trim().min(1, PAYMENT).max(255, PAYMENT).optional(),
  })
  .refine((v) => v.password === v.confirmPassword, { ...matching });

// ---- The corpus: each field given valid, empty, blank, padded, too long, unicode, missing and
// non-string values, one field at a time, plus a few whole inputs. ----
const ODD: unknown[] = [
  "",
  "   ",
  "\t\n",
  undefined,
  null,
  3,
  true,
  {},
  "x".repeat(40),
  "x".repeat(300),
  "Zoë Ünïcødé",
  "İstanbul",
  "👩🏽‍💻",
  "\u0000",
  "a\nb",
];

// Arrays apart: zod also ran its length checks on an array's length, adding a second message
// ("Password must be at least 8 characters" for ["a"]); the rules say only the field's own word.
const ARRAYS: unknown[] = [[], ["a"], ["Secret-pass-1"]];

function corpus(valid: Record<string, unknown>, extra: Record<string, unknown[]>, odd = ODD): unknown[] {
  const inputs: unknown[] = [valid, {}, { x: 1 }];
  for (const key of Object.keys(valid)) {
    for (const value of [...odd, ...(extra[key] ?? [])]) inputs.push({ ...valid, [key]: value });
    const { [key]: _left, ...without } = valid;
    inputs.push(without);
  }
  return inputs;
}

const PASSWORDS = [
  "Secret-pass-1",
  " Secret-pass-1 ",
  "secret-pass-1",
  "SECRET-PASS-1",
  "Secretpass",
  "Ab1",
  "Aa1" + "x".repeat(197),
  "Aa1" + "x".repeat(198),
  "Aa1\nbbbbbb",
  "Ünïcødé-Pass-9",
];
const EMAILS = [
  "nia@example.com",
  " Nia@Example.COM ",
  "nia@",
  "nia@example",
  "a.b@c.io",
  "a@" + "b".repeat(250) + ".com",
  "ÿ@example.com",
  "x@ex ample.com",
];

const cases: [string, Validator<unknown>, Parser, Parser, unknown[]][] = [
  [
    "sign in",
    signInSchema,
    signInSchema,
    oldSignIn,
    corpus({ email: "nia@example.com", password: "anything" }, { email: EMAILS, password: PASSWORDS }),
  ],
  [
    "reset request",
    resetRequestRules,
    resetRequestSchema,
    oldResetRequest,
    corpus({ email: "nia@example.com" }, { email: EMAILS }),
  ],
  [
    "new password",
    newPasswordRules,
    newPasswordSchema,
    oldNewPassword,
    corpus(
      { token: "t".repeat(43), password: "Secret-pass-1", confirmPassword: "Secret-pass-1" },
      {
        token: ["t".repeat(19), "t".repeat(20), "t".repeat(100), "t".repeat(101)],
        password: PASSWORDS,
        confirmPassword: PASSWORDS,
      },
    ),
  ],
  [
    "change password",
    changePasswordRules,
    changePasswordSchema,
    oldChangePassword,
    corpus(
      { currentPassword: "Old-pass-1", password: "Secret-pass-1", confirmPassword: "Secret-pass-1" },
      { password: PASSWORDS, confirmPassword: PASSWORDS },
    ),
  ],
  [
    "e-mail change link",
    emailChangeTokenRules,
    emailChangeTokenSchema,
    oldEmailChangeToken,
    corpus({ token: "t".repeat(43) }, { token: ["t".repeat(200), "t".repeat(201)] }),
  ],
  [
    "company finder",
    companyFinderRules,
    companyFinderSchema,
    oldFinder,
    corpus(
      { company: "Acme" },
      { company: ["  Acme  ", "x".repeat(253), " " + "x".repeat(253) + " ", "x".repeat(254)] },
    ),
  ],
  [
    "signup",
    signupRules,
    signupSchema,
    oldSignup,
    corpus(
      { ...VALID_SIGNUP, setupIntentId: "seti_123" },
      {
        firstName: [
          " Grace ",
          "x".repeat(100),
          "x".repeat(101),
          "J.R.",
          "evil.example",
          "<b>",
          "A\rB",
          "http://x".repeat(20),
        ],
        lastName: ["St. John", "www.evil.example", "A\u202eB"],
        companyName: ["x".repeat(120), "x".repeat(121)],
        workEmail: EMAILS,
        password: PASSWORDS,
        confirmPassword: PASSWORDS,
        subdomain: [
          "ab",
          "abc",
          "-a",
          "-ab",
          "ab-",
          "-A-",
          "AB",
          "a_b",
          "x".repeat(30),
          "x".repeat(31),
          "-" + "X".repeat(31),
        ],
        companySize: ["1-10", "500+", "huge", " 1-10"],
        marketingConsent: [false, "on", "true"],
        setupIntentId: [" seti_1 ", "x".repeat(255), "x".repeat(256)],
      },
    ),
  ],
];

describe("the zod-free rules answer as the zod schemas they replaced", () => {
  it.each(cases)(
    "%s: browser validator, server schema and the former schema agree",
    (_name, browser, server, former, inputs) => {
      for (const input of inputs) {
        const expected = answer(former, input);
        const label = JSON.stringify(input)?.slice(0, 120);
        expect(answer(browser, input), `browser, ${label}`).toEqual(expected);
        expect(answer(server, input), `server, ${label}`).toEqual(expected);
      }
    },
  );

  it.each(cases)(
    "%s: an array where text belongs gets the field's messages once, without zod's length checks",
    (_name, browser, server, former, inputs) => {
      const valid = inputs[0] as Record<string, unknown>;
      for (const input of corpus(valid, {}, ARRAYS).filter((i) => Object.values(i as object).some(Array.isArray))) {
        const expected = answer(former, input);
        const label = JSON.stringify(input).slice(0, 120);
        for (const parser of [browser, server]) {
          const got = answer(parser, input);
          expect(Object.keys(got.fields ?? {}), label).toEqual(Object.keys(expected.fields ?? {}));
          for (const [field, messages] of Object.entries(got.fields ?? {})) {
            expect(new Set(messages).size, label).toBe(messages.length);
            for (const m of messages) expect(expected.fields?.[field], label).toContain(m);
          }
        }
      }
    },
  );
});

describe("the e-mail rule", () => {
  it("uses zod's own e-mail pattern", () => {
    expect(EMAIL_PATTERN.source).toBe(regexes.email.source);
    expect(EMAIL_PATTERN.flags).toBe(regexes.email.flags);
  });

  const addresses = [
    "a@b.co",
    "A@B.CO",
    "a.b@c.io",
    "a..b@c.io",
    ".a@b.io",
    "a.@b.io",
    "a+tag@b.io",
    "a_b@c-d.io",
    "o'neil@b.io",
    "a-@b.io",
    "-a@b.io",
    "a@-b.io",
    "a@b-.io",
    "a@b.c",
    "a@b.c0",
    "a@b",
    "@b.io",
    "a@.io",
    "a@b..io",
    "a b@c.io",
    "a@b c.io",
    "ü@b.io",
    "a@bü.io",
    "a@b.io.",
    "a@@b.io",
    "a@b.io ",
    " a@b.io",
    "",
    "x".repeat(64) + "@b.io",
    "a@" + "b".repeat(63) + ".io",
    "a@1.io",
    "1@1.io",
    "a@b.museum",
    "a\n@b.io",
  ];
  it.each(addresses)("agrees with z.email() on %j", (address) => {
    const rule = email("bad");
    const r = rule(address);
    // The rule trims and lower-cases first (as the forms' zod schemas did); z.email() alone does not.
    const prepared = address.trim().toLowerCase();
    expect(r.ok, address).toBe(z.email().safeParse(prepared).success && prepared.length <= 254);
  });
});

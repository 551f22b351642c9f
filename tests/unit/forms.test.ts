import { describe, expect, it } from "vitest";
import {
  fieldMessages,
  formAlert,
  schemaMessages,
  type FieldValues,
  type FormView,
} from "@/components/forms/form-messages";
import { signupSchema } from "@/lib/signup/schemas";
import { changePasswordSchema, newPasswordSchema, resetRequestSchema } from "@/lib/auth/password-schemas";
import { signInSchema } from "@/lib/auth/sign-in-schemas";
import { companyFinderSchema, COMPANY_NOT_FOUND, noAccountFor } from "@/lib/tenancy/company-finder-schemas";
import { teamInputSchema, userInputSchema } from "@/lib/people/schemas";
import type { FormState } from "@/lib/actions/form-state";

// The message rules of every form (components/forms/form-messages.ts), with the real schemas.

const signupValues = {
  firstName: "",
  lastName: "",
  workEmail: "",
  password: "",
  confirmPassword: "",
  companyName: "",
  subdomain: "",
  companySize: "",
  marketingConsent: false,
};

function view<V extends FieldValues>(
  schema: Parameters<typeof schemaMessages>[0],
  values: V,
  over: Partial<FormView<V>> = {},
): FormView<V> {
  return {
    fields: Object.keys(values),
    values,
    client: schemaMessages(schema, values),
    touched: {},
    submitted: false,
    answer: null,
    ...over,
  };
}

describe("field messages describe the current value", () => {
  it("says nothing before the field is touched or a submit is tried", () => {
    expect(fieldMessages(view(signupSchema, signupValues), "lastName")).toEqual([]);
  });

  it("after a submit, each field has the product's message; filling it in removes it (never stale)", () => {
    const empty = view(signupSchema, signupValues, { submitted: true });
    expect(fieldMessages(empty, "lastName")).toEqual(["Last name is required"]);
    expect(fieldMessages(empty, "subdomain")).toEqual(["Subdomain must be at least 3 characters"]);
    const filled = view(signupSchema, { ...signupValues, lastName: "Okafor", subdomain: "acme" }, { submitted: true });
    expect(fieldMessages(filled, "lastName")).toEqual([]);
    // The subdomain's old rule is gone once the value is fine: nothing left to contradict the
    // availability line.
    expect(fieldMessages(filled, "subdomain")).toEqual([]);
  });

  it("a touched field is checked as the user types; untouched ones stay quiet", () => {
    const v = view(signupSchema, { ...signupValues, workEmail: "nia@" }, { touched: { workEmail: true } });
    expect(fieldMessages(v, "workEmail")).toEqual(["Please enter a valid work email"]);
    expect(fieldMessages(v, "firstName")).toEqual([]);
    const fixed = view(
      signupSchema,
      { ...signupValues, workEmail: "nia@example.com" },
      { touched: { workEmail: true } },
    );
    expect(fieldMessages(fixed, "workEmail")).toEqual([]);
  });

  it("the confirmation follows the password: changing either re-decides 'Passwords don't match'", () => {
    const touched = { password: true, confirmPassword: true };
    const differ = view(
      signupSchema,
      { ...signupValues, password: "Secret-pass-1", confirmPassword: "Secret-pass-2" },
      { touched },
    );
    expect(fieldMessages(differ, "confirmPassword")).toEqual(["Passwords don't match"]);
    const same = view(
      signupSchema,
      { ...signupValues, password: "Secret-pass-2", confirmPassword: "Secret-pass-2" },
      { touched },
    );
    expect(fieldMessages(same, "confirmPassword")).toEqual([]);
  });

  it("every rule a value breaks is listed once, in the schema's order", () => {
    const v = view(signupSchema, { ...signupValues, password: "abc", subdomain: "-a" }, { submitted: true });
    expect(fieldMessages(v, "password")).toEqual([
      "Password must be at least 8 characters",
      "Password must contain at least one uppercase letter, one lowercase letter, and one number",
    ]);
    expect(fieldMessages(v, "subdomain")).toEqual([
      "Subdomain must be at least 3 characters",
      "Subdomain cannot start or end with hyphens",
    ]);
  });
});

describe("server messages hold only for the value they answered", () => {
  const wrong: FormState = {
    status: "error",
    code: "wrong_password",
    message: "The current password is not correct.",
    fields: { currentPassword: ["The current password is not correct."] },
  };
  const typed = { currentPassword: "Old-pass-1", password: "New-pass-12", confirmPassword: "New-pass-12" };

  it("shows the server's field message under its field and not again for the form", () => {
    const v = view(changePasswordSchema, typed, { submitted: true, answer: { state: wrong, sent: typed } });
    expect(fieldMessages(v, "currentPassword")).toEqual(["The current password is not correct."]);
    expect(formAlert(v)).toBeNull();
  });

  it("clears it when the field changes, and brings it back for the same value", () => {
    const edited = { ...typed, currentPassword: "Old-pass-2" };
    expect(
      fieldMessages(
        view(changePasswordSchema, edited, { submitted: true, answer: { state: wrong, sent: typed } }),
        "currentPassword",
      ),
    ).toEqual([]);
    expect(
      fieldMessages(
        view(changePasswordSchema, typed, { submitted: true, answer: { state: wrong, sent: typed } }),
        "currentPassword",
      ),
    ).toHaveLength(1);
  });

  it("a summary of field errors goes once no field shows the server's word any more", () => {
    // The server's own summary is replaced by the product's words.
    const state: FormState = {
      status: "error",
      code: "invalid_input",
      message: "Invalid request body",
      fields: { name: ["A team with this name is not allowed"] },
    };
    const sent = { name: "Ops", managerId: "" };
    expect(formAlert(view(teamInputSchema, sent, { answer: { state, sent } }))).toEqual({
      tone: "error",
      lines: ["Please correct the highlighted fields."],
    });
    expect(formAlert(view(teamInputSchema, { ...sent, name: "Ops 2" }, { answer: { state, sent } }))).toBeNull();
  });

  it("a message about no field stays until the next answer", () => {
    const state: FormState = { status: "error", code: "email_taken", message: "A user with this email already exists" };
    const sent = { firstName: "A", lastName: "B", email: "a@b.example", role: "employee", teamId: "", managerId: "" };
    const after = view(userInputSchema, { ...sent, email: "c@b.example" }, { answer: { state, sent } });
    expect(formAlert(after)).toEqual({ tone: "error", lines: ["A user with this email already exists"] });
  });

  it("the company finder: 'Company not found' and its explanation under the field, gone on edit", () => {
    const sent = { company: "nobody-here" };
    const state: FormState = {
      status: "error",
      code: "not_found",
      message: COMPANY_NOT_FOUND,
      fields: { company: [COMPANY_NOT_FOUND, noAccountFor("nobody-here")] },
    };
    const v = view(companyFinderSchema, sent, { submitted: true, answer: { state, sent } });
    expect(fieldMessages(v, "company")).toEqual([
      COMPANY_NOT_FOUND,
      'No account found for "nobody-here". Please check the name or sign up for a new account.',
    ]);
    expect(formAlert(v)).toBeNull();
    expect(
      fieldMessages(
        view(companyFinderSchema, { company: "nobody-her" }, { submitted: true, answer: { state, sent } }),
        "company",
      ),
    ).toEqual([]);
  });

  it("the form's own words for a code replace the server's", () => {
    const sent = { company: "acme" };
    const state: FormState = { status: "error", code: "internal", message: "Something went wrong. Please try again." };
    expect(
      formAlert(view(companyFinderSchema, sent, { answer: { state, sent } }), {
        internal: "Unable to find your company.",
      }),
    ).toEqual({ tone: "error", lines: ["Unable to find your company."] });
  });

  it("a success is a status message", () => {
    const sent = { email: "a@b.example" };
    expect(
      formAlert(view(resetRequestSchema, sent, { answer: { state: { status: "ok", message: "Sent." }, sent } })),
    ).toEqual({ tone: "ok", lines: ["Sent."] });
  });
});

describe("rules on values no field shows", () => {
  it("a bad link token blocks the submit with a form-level message", () => {
    const values = { password: "Secret-pass-1", confirmPassword: "Secret-pass-1" };
    const v: FormView<typeof values> = {
      fields: Object.keys(values),
      values,
      client: schemaMessages(newPasswordSchema, { ...values, token: "short" }),
      touched: {},
      submitted: true,
      answer: null,
    };
    expect(formAlert(v)).toEqual({
      tone: "error",
      lines: ["This link is incomplete. Please open it again from your e-mail."],
    });
  });
});

describe("every user-facing schema speaks the product's words", () => {
  // zod's own texts, which no form may show.
  const DEFAULTS =
    /^(Invalid input|Too big|Too small|Invalid option|Invalid string|Invalid email address|Invalid UUID|Required$)|expected .*received/;
  const odd = [{}, { x: 1 }];
  const long = "x".repeat(400);
  const cases: [string, Parameters<typeof schemaMessages>[0], Record<string, unknown>[]][] = [
    [
      "signup",
      signupSchema,
      [
        ...odd,
        {
          ...signupValues,
          firstName: long,
          lastName: long,
          workEmail: long,
          password: long,
          confirmPassword: long,
          companyName: long,
          subdomain: long,
          companySize: "huge",
          marketingConsent: "yes",
        },
      ],
    ],
    [
      "change password",
      changePasswordSchema,
      [...odd, { currentPassword: long, password: long, confirmPassword: long }],
    ],
    ["new password", newPasswordSchema, [...odd, { token: long, password: "", confirmPassword: 3 }]],
    ["reset request", resetRequestSchema, [...odd, { email: long }]],
    ["sign in", signInSchema, [...odd, { email: long, password: long }]],
    ["company finder", companyFinderSchema, [...odd, { company: long }]],
    [
      "user",
      userInputSchema,
      [...odd, { firstName: long, lastName: long, email: long, role: "boss", teamId: "x", managerId: 5 }],
    ],
    ["team", teamInputSchema, [...odd, { name: long, managerId: "nope" }]],
  ];
  it.each(cases)("%s", (_name, schema, inputs) => {
    for (const input of inputs) {
      const messages = Object.values(schemaMessages(schema, input)).flat();
      expect(messages.length).toBeGreaterThan(0);
      for (const m of messages) expect(m, JSON.stringify(input).slice(0, 80)).not.toMatch(DEFAULTS);
    }
  });
});

import { describe, expect, it } from "vitest";
import { slugify, suggestionCandidates } from "@/lib/signup/slug";
import { signupSchema, subdomainFormatError } from "@/lib/signup/schemas";
import { handoffUrl } from "@/lib/signup/api-types";
import { companySizeFor } from "@/lib/signup/company-size";
import { VALID_SIGNUP } from "@/tests/fixtures/signup-input";

function errorsOf(input: Record<string, unknown>): Record<string, string[]> {
  const r = signupSchema.safeParse(input);
  if (r.success) return {};
  const out: Record<string, string[]> = {};
  for (const i of r.error.issues) (out[i.path.join(".")] ??= []).push(i.message);
  return out;
}

describe("slugify", () => {
  it.each([
    ["Acme Corp", "acme-corp"],
    ["  Acme   Corp  ", "acme-corp"],
    ["Fresh Leadership World!", "fresh-leadership-world"],
    ["A & B -- Partners", "a-b-partners"],
    ["--Edge--", "edge"],
    ["Café Zürich", "cafe-zurich"],
    ["ACME123", "acme123"],
    ["!!!", ""],
    ["", ""],
  ])("%j -> %j", (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it("cuts at 30 characters without leaving an edge hyphen", () => {
    expect(slugify("a".repeat(40))).toBe("a".repeat(30));
    const s = slugify(`${"a".repeat(29)} b`);
    expect(s).toBe("a".repeat(29));
    expect(subdomainFormatError(slugify("The Very Long Company Name Of Many Words Inc"))).toBeNull();
  });
});

describe("suggestionCandidates", () => {
  it("tries base1..base99, then base-1..base-99", () => {
    const c = suggestionCandidates("acme");
    expect(c).toHaveLength(198);
    expect(c.slice(0, 3)).toEqual(["acme1", "acme2", "acme3"]);
    expect(c[98]).toBe("acme99");
    expect(c[99]).toBe("acme-1");
    expect(c[197]).toBe("acme-99");
  });

  it("keeps every candidate valid: shortened to 30, never an edge hyphen", () => {
    const base = "a".repeat(28) + "-b";
    const c = suggestionCandidates(base);
    for (const s of c) {
      expect(s.length).toBeLessThanOrEqual(30);
      expect(subdomainFormatError(s)).toBeNull();
    }
    // "aaa…a-b" cut to 29 ends in a hyphen, which is dropped before the number.
    expect(c[0]).toBe(`${"a".repeat(28)}1`);
    expect(c[99]).toBe(`${"a".repeat(28)}-1`);
    expect(new Set(c).size).toBe(c.length);
  });

  it("drops candidates that would be too short", () => {
    expect(suggestionCandidates("a")[0]).toBe("a10");
    expect(suggestionCandidates("ab")[0]).toBe("ab1");
  });
});

describe("signupSchema", () => {
  it("accepts a complete signup and normalises the e-mail", () => {
    const r = signupSchema.parse(VALID_SIGNUP);
    expect(r.workEmail).toBe("grace@example.com");
    expect(signupSchema.parse({ ...VALID_SIGNUP, marketingConsent: undefined }).marketingConsent).toBeUndefined();
  });

  it("uses the product's messages", () => {
    const e = errorsOf({
      ...VALID_SIGNUP,
      firstName: " ",
      lastName: "",
      workEmail: "nope",
      companyName: "",
      companySize: "",
    });
    expect(e).toMatchObject({
      firstName: ["First name is required"],
      lastName: ["Last name is required"],
      workEmail: ["Please enter a valid work email"],
      companyName: ["Company name is required"],
      companySize: ["Please select company size"],
    });
    expect(errorsOf({ ...VALID_SIGNUP, companySize: "12" }).companySize).toEqual(["Please select company size"]);
  });

  it("applies the password rule and shows a mismatch on confirmPassword, even beside other errors", () => {
    expect(errorsOf({ ...VALID_SIGNUP, password: "Short1", confirmPassword: "Short1" }).password).toEqual([
      "Password must be at least 8 characters",
    ]);
    expect(errorsOf({ ...VALID_SIGNUP, password: "alllowercase1", confirmPassword: "alllowercase1" }).password).toEqual(
      ["Password must contain at least one uppercase letter, one lowercase letter, and one number"],
    );
    expect(errorsOf({ ...VALID_SIGNUP, confirmPassword: "Compiler-1953" })).toEqual({
      confirmPassword: ["Passwords don't match"],
    });
    expect(errorsOf({ ...VALID_SIGNUP, firstName: "", confirmPassword: "x" })).toEqual({
      firstName: ["First name is required"],
      confirmPassword: ["Passwords don't match"],
    });
  });

  it.each([
    ["ab", "Subdomain must be at least 3 characters"],
    ["a".repeat(31), "Subdomain must be less than 30 characters"],
    ["Acme", "Subdomain can only contain lowercase letters, numbers, and hyphens"],
    ["acme_co", "Subdomain can only contain lowercase letters, numbers, and hyphens"],
    ["-acme", "Subdomain cannot start or end with hyphens"],
    ["acme-", "Subdomain cannot start or end with hyphens"],
  ])("subdomain %j: %s", (subdomain, message) => {
    expect(subdomainFormatError(subdomain)).toBe(message);
    expect(errorsOf({ ...VALID_SIGNUP, subdomain }).subdomain?.[0]).toBe(message);
  });

  it("accepts subdomains of 3 and 30 characters", () => {
    expect(subdomainFormatError("abc")).toBeNull();
    expect(subdomainFormatError("a".repeat(30))).toBeNull();
    expect(subdomainFormatError("a-1-b")).toBeNull();
  });
});

describe("handoffUrl", () => {
  it("carries the token in the fragment, never the query", () => {
    expect(handoffUrl({ workspaceUrl: "http://acme.localhost:3000", handoffToken: "abc_DEF-123" })).toBe(
      "http://acme.localhost:3000/welcome#token=abc_DEF-123",
    );
  });
});

describe("companySizeFor", () => {
  it.each([
    [0, ""],
    [1, "1-10"],
    [10, "1-10"],
    [11, "11-50"],
    [200, "51-200"],
    [201, "201-500"],
    [501, "500+"],
    [2.5, ""],
  ])("%d -> %j", (count, band) => {
    expect(companySizeFor(count)).toBe(band);
  });
});

import { describe, expect, it } from "vitest";
import { ApiRequestError, problemOf } from "@/lib/api/client";
import { unlessReadOnly } from "@/components/forms/api-answer";
import { READ_ONLY_MESSAGE } from "@/lib/billing/status";

// The client reads error bodies with hand-written type guards (no zod in the first download):
// these pin the behaviour the zod schema had.
describe("ApiRequestError problem parsing", () => {
  it("reads code, detail and field messages of a problem document", () => {
    const body = JSON.stringify({
      code: "email_taken",
      detail: "That e-mail is taken.",
      fields: { email: ["Already in use"] },
    });
    const err = new ApiRequestError(409, "Conflict", body);
    expect(err.message).toBe(`409: ${body}`);
    expect(problemOf(err)).toEqual({
      status: 409,
      code: "email_taken",
      message: "That e-mail is taken.",
      fields: { email: ["Already in use"] },
    });
  });

  it("falls back to 'error' for the message and drops unknown codes", () => {
    const err = new ApiRequestError(400, "Bad Request", JSON.stringify({ code: "no_such_code", error: "Nope" }));
    expect(err.problem).toEqual({ status: 400, code: null, message: "Nope", fields: {} });
  });

  it("treats a body of the wrong shape as plain text", () => {
    const wrongFields = JSON.stringify({ detail: "x", fields: { email: "not a list" } });
    expect(new ApiRequestError(422, "", wrongFields).problem).toEqual({
      status: 422,
      code: null,
      message: wrongFields,
      fields: {},
    });
    expect(new ApiRequestError(500, "", JSON.stringify({ detail: 5 })).problem.message).toBe('{"detail":5}');
    expect(new ApiRequestError(500, "", "[1]").problem).toEqual({
      status: 500,
      code: null,
      message: "[1]",
      fields: {},
    });
  });

  it("uses plain text as the message and null for an empty body", () => {
    expect(new ApiRequestError(502, "Bad Gateway", "  upstream down ").serverMessage).toBe("upstream down");
    expect(new ApiRequestError(502, "Bad Gateway", "").serverMessage).toBeNull();
    expect(problemOf(new Error("network"))).toBeNull();
  });
});

describe("unlessReadOnly", () => {
  it("gives the read-only message for the read-only rule's refusal and the fallback for anything else", () => {
    const refusal = (code: string) =>
      new ApiRequestError(409, "Conflict", JSON.stringify({ code, detail: "From the server" }));
    expect(unlessReadOnly(refusal("workspace_read_only"), "Failed to save")).toBe(READ_ONLY_MESSAGE);
    expect(unlessReadOnly(refusal("email_taken"), "Failed to save")).toBe("Failed to save");
    expect(unlessReadOnly(new TypeError("Failed to fetch"), "Failed to save")).toBe("Failed to save");
  });
});

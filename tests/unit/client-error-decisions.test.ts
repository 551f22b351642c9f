import { describe, expect, it } from "vitest";
import { ApiRequestError } from "@/lib/api/client";
import { analysisErrorText } from "@/components/library/analysis-messages";
import { isNotFound } from "@/components/one-on-one/use-meeting";

// Client decisions on a failed call follow the problem's code alone: the same status with another
// code, or the same words under another code, decide otherwise.

const answer = (status: number, code: string, detail: string) =>
  new ApiRequestError(status, "", JSON.stringify({ code, detail, error: detail }));

describe("AI analysis failure text", () => {
  it("says the owner rule for a permission refusal and asks to sign in when nobody is", () => {
    expect(analysisErrorText(answer(403, "forbidden", "You do not have permission to do this"))).toBe(
      "Only the content owner can use AI analysis.",
    );
    expect(analysisErrorText(answer(401, "unauthenticated", "Authentication required"))).toBe(
      "Please sign in to use AI analysis.",
    );
  });

  it("reads neither the status nor the text: another 403, or 'Access denied' under another code, is a failure", () => {
    expect(analysisErrorText(answer(403, "cross_site_request", "Cross-site request refused"))).toBe(
      "Failed to analyze content: Cross-site request refused",
    );
    expect(analysisErrorText(answer(400, "invalid_input", "Access denied"))).toBe(
      "Failed to analyze content: Access denied",
    );
    expect(analysisErrorText(new Error("Network down"))).toBe("Failed to analyze content: Network down");
  });
});

describe("a meeting that is not there", () => {
  it("is a not_found or a malformed id's invalid_input, whatever the status says", () => {
    expect(isNotFound(answer(404, "not_found", "Meeting not found"))).toBe(true);
    expect(isNotFound(answer(400, "invalid_input", "Invalid params"))).toBe(true);
    expect(isNotFound(answer(404, "survey_link_invalid", "x"))).toBe(false);
    expect(isNotFound(new ApiRequestError(404, "Not Found", "<html>proxy</html>"))).toBe(false);
    expect(isNotFound(answer(403, "meeting_manager_only", "Only the manager of this 1:1 can do this"))).toBe(false);
    expect(isNotFound(new Error("offline"))).toBe(false);
  });
});

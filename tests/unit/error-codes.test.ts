import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ERROR_CODES, isErrorCode } from "@/lib/errors/codes";
import { forbidden } from "@/lib/errors/domain-error";
import { toProblem } from "@/lib/errors/problem";

// The error codes are the contract clients decide by: each one is thrown somewhere (a code no one
// throws is a branch no client can reach), each refusal names its own, and one refusal says one
// thing.

const ROOT = process.cwd();
const SOURCE_DIRS = ["lib", "app", "components"];
const SKIP = new Set(["lib/generated", "lib/errors/codes.ts"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (SKIP.has(rel)) return [];
    if (entry.isDirectory()) return sourceFiles(rel);
    return /\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

const sources = SOURCE_DIRS.flatMap(sourceFiles).map((file) => ({
  file,
  text: readFileSync(path.join(ROOT, file), "utf8"),
}));

/** Every `forbidden(...)` call (not the definition), with its first two arguments when literal. */
function forbiddenCalls(): { file: string; call: string; code: string | null; message: string | null }[] {
  return sources.flatMap(({ file, text }) =>
    [...text.matchAll(/(?<![\w.])forbidden\(([^)]*)\)/g)]
      .filter((m) => !(file === "lib/errors/domain-error.ts" && m[1]?.includes("code: ErrorCode")))
      .map((m) => {
        const literal = /^\s*"([^"]*)"\s*,\s*"([^"]*)"\s*,?\s*$/.exec(m[1] ?? "");
        return { file, call: m[0], code: literal?.[1] ?? null, message: literal?.[2] ?? null };
      }),
  );
}

describe("error codes", () => {
  it("are unique snake_case names", () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });

  it("are each thrown or answered somewhere in lib/, app/ or components/", () => {
    const unused = ERROR_CODES.filter((code) => !sources.some(({ text }) => text.includes(`"${code}"`)));
    expect(unused).toEqual([]);
  });

  it("name every forbidden() refusal with a literal code and message", () => {
    const calls = forbiddenCalls();
    // The permission check, the same-origin check and the domain's own refusals at least.
    expect(calls.length).toBeGreaterThanOrEqual(7);
    const unnamed = calls.filter((c) => c.code === null || !isErrorCode(c.code) || !c.message);
    expect(unnamed).toEqual([]);
  });

  it("give one refusal one message: no code is thrown by forbidden() with two texts", () => {
    const texts = new Map<string, Set<string>>();
    for (const { code, message } of forbiddenCalls()) {
      if (code && message) texts.set(code, (texts.get(code) ?? new Set()).add(message));
    }
    const twice = [...texts].filter(([, messages]) => messages.size > 1).map(([code, m]) => [code, [...m]]);
    expect(twice).toEqual([]);
    expect(texts.get("meeting_manager_only")).toEqual(new Set(["Only the manager of this 1:1 can do this"]));
  });

  it("make every forbidden refusal through forbidden(), never a hand-built DomainError", () => {
    const handBuilt = sources
      .filter(({ file }) => !file.startsWith("lib/errors/"))
      .filter(({ text }) => /new DomainError\(\s*"forbidden"/.test(text))
      .map(({ file }) => file);
    expect(handBuilt).toEqual([]);
  });

  it("reach the problem document as its code, with the 403 status kept", () => {
    const { problem } = toProblem(forbidden("meeting_manager_only", "Only the manager of this 1:1 can do this"), "r");
    expect(problem).toMatchObject({
      status: 403,
      code: "meeting_manager_only",
      type: "urn:pulsewell:problem:meeting_manager_only",
      detail: "Only the manager of this 1:1 can do this",
      error: "Only the manager of this 1:1 can do this",
    });
  });
});

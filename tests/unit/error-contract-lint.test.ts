import { describe, expect, it } from "vitest";
import { ESLint } from "eslint";

// The lint rule that holds clients to deciding by an error's code (scripts/lint/error-contract.mjs),
// run through the project's own ESLint config: what it refuses, what it lets through, and where.

const RULE = "error-contract/decide-by-code";
const project = new ESLint({ cwd: process.cwd() });

async function ruleMessages(code: string, filePath = "components/example/example.ts"): Promise<string[]> {
  const [result] = await project.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === RULE).map((m) => m.message);
}

const STATUS = "Decide by the problem's code (problemOf(err)?.code), not the HTTP status.";
const TEXT = "Decide by the problem's code (problemOf(err)?.code), not the message text.";

// Loading the project config (Next's plugins) takes seconds on a busy machine.
describe("error-contract/decide-by-code", { timeout: 60_000 }, () => {
  it.each([
    ["a status compared with ===", "if (err.status === 403) f();", STATUS],
    ["an optional status compared with !==", "const r = problemOf(err)?.status !== 404;", STATUS],
    ["a status on the right", "const r = 429 == res.status;", STATUS],
    ["a form state's httpStatus", "if (state.httpStatus === 409) f();", STATUS],
    ["a switch over a status", "switch (err.status) { case 409: f(); }", STATUS],
    ["a regular expression tested on a message", "if (/access denied/i.test(message)) f();", TEXT],
    ["a regular expression run on err.message", "const m = /denied/.exec(err.message);", TEXT],
    ["includes on a message", "if (err.message.includes('denied')) f();", TEXT],
    ["startsWith on a server message", "if (err.serverMessage?.startsWith('Only')) f();", TEXT],
    ["a detail compared with a text", "if (problem.detail === 'Meeting not found') f();", TEXT],
    ["a message compared with a template", "if (message !== `Not found`) f();", TEXT],
  ])("refuses %s", async (_name, code, message) => {
    expect(await ruleMessages(code)).toEqual([message]);
  });

  it.each([
    ["a decision by code", "if (problemOf(err)?.code === 'meeting_manager_only') f();"],
    ["a record's status", "if (meeting.status === 'scheduled') f();"],
    ["res.ok", "if (!res.ok) f();"],
    ["a file-name pattern", "if (/\\.(md|txt)$/i.test(name)) f();"],
    ["a message compared with another value", "if (answer.message === fallback) f();"],
    ["a status read for a log line", "log({ status: err.status });"],
  ])("lets %s through", async (_name, code) => {
    expect(await ruleMessages(code)).toEqual([]);
  });

  it("holds in app/, components/ and lib/ alike", async () => {
    const snippet = "export const denied = (err: { status: number }) => err.status === 403;\n";
    for (const file of ["components/example/denied.ts", "app/t/example/denied.tsx", "lib/example/denied.ts"]) {
      expect(await ruleMessages(snippet, file)).toEqual([STATUS]);
    }
  });
});

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Comments say why in the repository's own words. Where one leans on a product rule it cites
// "docs/decisions.md (<heading>)", and that heading is on that page. Documents outside the repository
// (a shared spec or design notes), their section numbers and issue numbers tell a reader of this
// repository nothing, so no source file points at them.

const ROOT = path.resolve(import.meta.dirname, "../..");
const DECISIONS = "docs/decisions.md";
const SCANNED_DIRS = ["app", "components", "lib", "scripts", "tests", "prisma/sql"];
/** Files at the root of the repository (configuration) and the database schema. */
const ROOT_FILE = /^[^/]+\.(ts|mts|cts|js|mjs|cjs|jsonc)$/;
const EXTRA_FILES = ["prisma/schema.prisma", ".env.example"];
const SKIPPED = new Set(["lib/generated", "node_modules", "tests/unit/comment-citations.test.ts"]);
const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|sql|prisma|md)$/;

/** What a file may not point at, each with the reason a reader would give. */
const FORBIDDEN: ReadonlyArray<{ what: string; pattern: RegExp }> = [
  { what: `decisions.md other than ${DECISIONS}`, pattern: /(?<!docs\/)\bdecisions\.md\b|\(decisions[:,)]/ },
  {
    what: "a file outside the repository",
    pattern: /(?:\.\.\/|\/work\/)shared\/|\bproduct-spec\b|\b(?:architecture|stack-notes)\.md\b/,
  },
  {
    what: "a spec section",
    pattern:
      /\bspec(?:'s)?\s+(?:sections?\b|§)|§\s*\d|\bthe spec's\b|(?<![\w$])\((?:see )?spec(?:\)|:(?!\s*[A-Z]\w*[),<]))|(?:\/\/|\*|--)\s*Spec\b/i,
  },
  { what: "an issue number", pattern: /\bissues?\s+#?\d+|(?:^|[\s(])#\d{1,4}\b|\bwave\s+\d+\b/i },
];

/** "docs/decisions.md (<heading>)", also when a comment wraps between the two parts. */
const CITATION = /docs\/decisions\.md\s*\(([^)]*)\)/g;
/** A line break inside a comment: the break and the next line's comment marker. */
const COMMENT_BREAK = /\s*\n\s*(?:\/\/|\*(?!\/)|--|#)?\s*/g;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (SKIPPED.has(rel) || SKIPPED.has(entry.name)) continue;
    if (entry.isDirectory()) out.push(...sourceFiles(rel));
    else if (SOURCE.test(entry.name)) out.push(rel);
  }
  return out;
}

function scannedFiles(): string[] {
  const rootFiles = readdirSync(ROOT, { withFileTypes: true })
    .filter((e) => e.isFile() && ROOT_FILE.test(e.name))
    .map((e) => e.name);
  return [...SCANNED_DIRS.flatMap(sourceFiles), ...rootFiles, ...EXTRA_FILES];
}

/** Every "## " heading of docs/decisions.md. */
function decisionHeadings(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^## (.+)$/gm)].map((m) => (m[1] ?? "").trim()));
}

/** What is wrong with one file's text, one line per finding ("<line>: ..."). */
function citationProblems(text: string, headings: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  text.split("\n").forEach((line, i) => {
    for (const { what, pattern } of FORBIDDEN) {
      if (pattern.test(line)) problems.push(`${i + 1}: cites ${what}: ${line.trim()}`);
    }
  });
  for (const m of text.replace(COMMENT_BREAK, " ").matchAll(CITATION)) {
    const heading = (m[1] ?? "").replace(/\s+/g, " ").trim();
    if (!headings.has(heading)) problems.push(`cites "${heading}", which is not a heading of ${DECISIONS}`);
  }
  return problems;
}

const headings = decisionHeadings(readFileSync(path.join(ROOT, DECISIONS), "utf8"));

describe("comment citations", () => {
  it("finds the headings of docs/decisions.md", () => {
    expect(headings.size).toBeGreaterThan(5);
    expect(headings.has("Anonymity and the minimum group")).toBe(true);
  });

  it("refuses citations of things outside the repository and accepts the house form", () => {
    const bad = [
      "// Admins only (decisions.md).",
      "// the rule (decisions: fallback tenant)",
      "// Background: /work/shared/design/stack-notes.md",
      "// Read ../shared/spec/product-spec.md",
      "/** Spec section 7: POST /api/chat/messages */",
      "// the spec's order",
      "/** Initials, else 'U' (spec: no user). */",
      "  // Spec: on success the list is refreshed.",
      "// Billing (issue 12).",
      "-- Issue 11: 1:1 meetings",
      "// fixed in #17",
      "// the wave 3 change",
    ];
    for (const line of bad) expect(citationProblems(line, headings), line).toHaveLength(1);
    const good = [
      "// Admins only (docs/decisions.md (Roles and permissions)).",
      "// Results are released at close (docs/decisions.md\n// (Anonymity and the minimum group)).",
      " * answers are reported only inside the total (docs/decisions.md (Anonymity and the minimum group)), and\n * we say so. */",
      "  spec: SessionAction<S>,",
      "function organizationKeys(spec: AnySpec): string[] {",
      "  ownOrganization: session ? organizationKeys(spec) : [],",
      'const color = "#059669";',
      "// every spec imports `test` from here (tests/e2e/budgets.spec.ts)",
      '/** A path with the index replaced by its key ("questions.#7.text") */',
    ];
    for (const text of good) expect(citationProblems(text, headings), text).toEqual([]);
    expect(citationProblems("// see docs/decisions.md (No such heading)", headings)).toHaveLength(1);
  });

  it("holds in every source, test, SQL and configuration file", () => {
    const files = scannedFiles();
    expect(files).toContain("lib/auth/permissions.ts");
    expect(files).toContain("prisma/schema.prisma");
    const problems = files.flatMap((file) =>
      citationProblems(readFileSync(path.join(ROOT, file), "utf8"), headings).map((p) => `${file}:${p}`),
    );
    expect(problems).toEqual([]);
  });
});

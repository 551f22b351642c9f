import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Every form uses the one pattern of components/forms (CONTRIBUTING.md, step 9): a file under
// components/ or app/ that renders a <form> takes its state from useFormFields (useListFields for lists) or useActionForm,
// itself or through a prop typed with their result (live checks with the server's schema, server field messages under their fields, values kept
// after a failed submit, the announced form message, the early-submit hold), and each <form>
// submits through onSubmit with noValidate and no action attribute, so that a press before
// hydration is held (components/forms/early-submits.ts) and the schema's messages, not the
// browser's, are what the user reads.

const ROOT = path.resolve(import.meta.dirname, "../..");
const SCANNED = ["app", "components"];

/** Forms that differ on purpose, and why (the file says so too). Only the tag rules are waived. */
const TAG_EXCEPTIONS: Record<string, string> = {
  "components/site/landing/lead-form.tsx":
    "the landing page works without JavaScript: a real form post (action) with the browser's required checks",
};

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...sourceFiles(rel));
    else if (/\.(tsx|jsx)$/.test(entry.name)) out.push(rel);
  }
  return out;
}

/** The source without comments (a comment may well speak of `<form action>`). */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

/** Each `<form ...>` opening tag, up to its `>` outside any `{...}` expression. */
function formTags(source: string): string[] {
  const tags: string[] = [];
  const start = /<form(?=[\s>])/g;
  for (let m = start.exec(source); m; m = start.exec(source)) {
    let depth = 0;
    let i = m.index;
    for (; i < source.length; i++) {
      const c = source[i];
      if (c === "{") depth++;
      else if (c === "}") depth--;
      else if (c === ">" && depth === 0) break;
    }
    tags.push(source.slice(m.index, i + 1));
  }
  return tags;
}

/** Why a file breaks the rule (empty when it keeps it). */
function formPatternProblems(file: string, source: string): string[] {
  const code = withoutComments(source);
  const tags = formTags(code);
  if (tags.length === 0) return [];
  const problems: string[] = [];
  // The hook's result may come in as a prop (a step of signup gets its form from the page).
  if (!/\buse(FormFields|ListFields|ActionForm)\s*[<(]|:\s*(FormFields|ActionForm)</.test(code))
    problems.push(`${file}: renders a <form> without useFormFields, useListFields or useActionForm`);
  if (file in TAG_EXCEPTIONS) return problems;
  for (const tag of tags) {
    if (!/\sonSubmit=/.test(tag)) problems.push(`${file}: a <form> without onSubmit`);
    if (/\saction=/.test(tag)) problems.push(`${file}: a <form> with an action attribute`);
    if (!/\snoValidate\b/.test(tag)) problems.push(`${file}: a <form> without noValidate`);
  }
  return problems;
}

describe("the form pattern rule", () => {
  it("refuses a form on its own state, a form with an action, one the browser validates", () => {
    const own = `const [v, setV] = useState("");\nreturn <form onSubmit={save} noValidate><input /></form>;`;
    expect(formPatternProblems("components/x.tsx", own)).toEqual([
      "components/x.tsx: renders a <form> without useFormFields, useListFields or useActionForm",
    ]);
    const action = `const form = useFormFields(s, {});\nreturn <form action={act} onSubmit={(e) => go(e, { a: 1 })}></form>;`;
    expect(formPatternProblems("components/x.tsx", action)).toEqual([
      "components/x.tsx: a <form> with an action attribute",
      "components/x.tsx: a <form> without noValidate",
    ]);
  });

  it("accepts the pattern, and does not read comments", () => {
    const ok = `// a plain <form action> would reset\nconst form = useActionForm(a, s, { initial: {} });\nreturn (\n  <form\n    onSubmit={form.onSubmit}\n    noValidate\n  >\n  </form>\n);`;
    expect(formPatternProblems("components/x.tsx", ok)).toEqual([]);
    expect(formPatternProblems("components/x.tsx", "/* <form> */ export const A = 1;")).toEqual([]);
  });

  it("holds for every form under components/ and app/", () => {
    const files = SCANNED.flatMap(sourceFiles);
    const withForms = files.filter((f) => formTags(withoutComments(readFileSync(path.join(ROOT, f), "utf8"))).length);
    // The scan finds the forms (a broken scan would pass everything).
    expect(withForms.length).toBeGreaterThanOrEqual(26);
    const problems = files.flatMap((f) => formPatternProblems(f, readFileSync(path.join(ROOT, f), "utf8")));
    expect(problems).toEqual([]);
    for (const file of Object.keys(TAG_EXCEPTIONS)) expect(withForms).toContain(file);
  });
});

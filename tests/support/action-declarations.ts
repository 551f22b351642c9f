// Every server action with the declaration its formAction() call made, read from the "use server"
// modules themselves, as tests/support/route-declarations.ts does for /api routes: tests derive
// what to check from the one place an action says what it is. Vitest only (its aliases resolve
// "@/" and "server-only").
import { readFileSync } from "node:fs";
import path from "node:path";
import type { ActionDeclaration, DeclaredAction } from "@/lib/actions/action";
import { ROOT, sourceFiles } from "./source-files";

export type ActionDeclarationEntry = {
  /** The module from the repository root, e.g. "lib/setup/dismiss-action.ts". */
  file: string;
  /** The export's name. */
  name: string;
  /** The action itself, for tests that call it. */
  action: DeclaredAction | null;
  /** What its formAction() call declared; null for an export not built with formAction(). */
  declaration: ActionDeclaration | null;
};

// A module whose first statement is the directive: every export of it is a server action.
const USE_SERVER = /^\s*(\/\/[^\n]*\n\s*|\/\*[\s\S]*?\*\/\s*)*["']use server["']/;
// An action declared inline, inside a function of a component or page.
const INLINE_USE_SERVER = /\{\s*["']use server["']/;

/** The files that hold server actions, at module level or inline. */
function actionFiles(): { file: string; inline: boolean }[] {
  return ["app", "lib", "components"]
    .flatMap((dir) => sourceFiles(dir))
    .flatMap((file) => {
      const text = readFileSync(path.join(ROOT, file), "utf8");
      if (USE_SERVER.test(text)) return [{ file, inline: false }];
      return INLINE_USE_SERVER.test(text) ? [{ file, inline: true }] : [];
    })
    .sort((a, b) => a.file.localeCompare(b.file));
}

let cache: Promise<ActionDeclarationEntry[]> | undefined;

/** Every export of every "use server" module, sorted by file then name. */
export function loadActionDeclarations(): Promise<ActionDeclarationEntry[]> {
  cache ??= (async () => {
    const out: ActionDeclarationEntry[] = [];
    for (const { file, inline } of actionFiles()) {
      if (inline) throw new Error(`${file} declares a server action inline: make it a formAction() of a module`);
      const mod = (await import(/* @vite-ignore */ path.join(ROOT, file))) as Record<string, unknown>;
      const names = Object.keys(mod).sort();
      // A module that showed no export (an import that failed quietly) would drop out unnoticed.
      if (!names.length) throw new Error(`${file} exports no server action`);
      for (const name of names) {
        const value = mod[name];
        const declaration = (value as Partial<DeclaredAction> | undefined)?.declaration;
        const declared = typeof value === "function" && declaration && typeof declaration === "object";
        out.push({
          file,
          name,
          action: declared ? (value as DeclaredAction) : null,
          declaration: declared ? declaration : null,
        });
      }
    }
    return out;
  })();
  return cache;
}

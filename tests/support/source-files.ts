import { readdirSync } from "node:fs";
import path from "node:path";

/** The repository's root, for tests that read its files. */
export const ROOT = path.resolve(import.meta.dirname, "../..");

/** The files below `dir` (relative to ROOT, with "/") whose names match `ext`, without generated
 * code (lib/generated) and node_modules. */
export function sourceFiles(dir: string, ext: RegExp = /\.tsx?$/): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.name === "generated" || e.name === "node_modules") return [];
    if (e.isDirectory()) return sourceFiles(rel, ext);
    return ext.test(e.name) ? [rel] : [];
  });
}

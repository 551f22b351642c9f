import { readdirSync } from "node:fs";
import path from "node:path";

/** The address pattern of every page.tsx under a folder: route groups dropped, segments kept
 * ("[id]", "[...rest]"), sorted. */
export function pagePatterns(dir: string): string[] {
  const root = path.resolve(dir);
  const found: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(path.join(d, e.name));
      else if (e.name === "page.tsx") {
        const segments = path
          .relative(root, d)
          .split(path.sep)
          .filter((s) => s !== "" && !/^\(.*\)$/.test(s));
        found.push(`/${segments.join("/")}`);
      }
    }
  };
  walk(root);
  return found.sort();
}

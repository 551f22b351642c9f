// Where a server action lives in the production build, so a test can post it the way React does:
// its id and a workspace page that carries it (read from Next's server-reference manifest).
import { readFileSync } from "node:fs";
import path from "node:path";

export function actionInBuild(exportedName: string): { actionId: string; pagePath: string } {
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  const manifest = JSON.parse(readFileSync(path.join(distDir, "server", "server-reference-manifest.json"), "utf8")) as {
    node: Record<string, { workers: Record<string, unknown>; exportedName?: string }>;
  };
  const [actionId, action] = Object.entries(manifest.node).find(([, a]) => a.exportedName === exportedName)!;
  // The page that posts it: a workspace page whose worker carries the action.
  const worker = Object.keys(action.workers).find((w) => /^app\/t\/\[tenant\]/.test(w) && w.endsWith("/page"))!;
  const pagePath =
    "/" +
    worker
      .replace(/^app\/t\/\[tenant\]\/?/, "")
      .replace(/\/?page$/, "")
      .split("/")
      .filter((s) => s && !/^\(.*\)$/.test(s))
      .join("/");
  return { actionId, pagePath };
}

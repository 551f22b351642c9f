// The system tests serve the production build in NEXT_DIST_DIR (default .next): built here when the
// sources changed since (the CI run reuses the build its end-to-end tests made a moment before).
import { existsSync } from "node:fs";
import path from "node:path";
import { ensureBuilt } from "../../../scripts/lib/build-freshness";

const root = path.resolve(import.meta.dirname, "../../..");

/** A fresh production build in process.env.NEXT_DIST_DIR || ".next". With SYSTEM_REUSE_BUILD=1 an
 * existing build is used as it is (several people editing one tree keep every build "stale"). */
export function ensureBuild(): void {
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  if (process.env.SYSTEM_REUSE_BUILD === "1" && existsSync(path.join(root, distDir, "BUILD_ID"))) return;
  ensureBuilt(root);
}

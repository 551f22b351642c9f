// The Debian packages the system tests run (`.ci/run` installs them on a fresh machine). A test that
// needs one that is missing is skipped with a message saying so, never silently.
import { describe } from "vitest";
import { pg15Available } from "../../../scripts/cluster/postgres";
import { pgbouncerAvailable } from "../../../scripts/cluster/pgbouncer";
import { nginxAvailable } from "../../../scripts/cluster/nginx";

/** Which of postgresql-15, pgbouncer and nginx are absent.
 * @public (for system tests that check before they start anything) */
export function missingPackages(): string[] {
  const missing: string[] = [];
  if (!pg15Available()) missing.push("postgresql-15");
  if (!pgbouncerAvailable()) missing.push("pgbouncer");
  if (!nginxAvailable()) missing.push("nginx");
  return missing;
}

/** describe() when the packages are installed; otherwise a skipped suite and a warning naming them. */
export function describeWithPackages(name: string, fn: () => void): void {
  const missing = missingPackages();
  if (missing.length === 0) {
    describe(name, fn);
    return;
  }
  console.warn(
    `[system] skipped "${name}": missing ${missing.join(", ")} (.ci/run installs them where apt offers them)`,
  );
  describe.skip(name, fn);
}

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { orgKey } from "@/lib/db/tenant";
import { ROOT, sourceFiles } from "@/tests/support/source-files";

// A tenant row's unique key is built in one place (orgKey in lib/db/tenant.ts), so no lookup by id
// can leave the organisation out of its key.
const HOME = "lib/db/tenant.ts";

describe("orgKey", () => {
  it("is the (organizationId, id) unique key", () => {
    expect(orgKey("org-1", "row-1")).toEqual({ organizationId_id: { organizationId: "org-1", id: "row-1" } });
  });

  it("is the only place in app/, components/ and lib/ that spells that key", () => {
    const files = ["app", "components", "lib"].flatMap((dir) => sourceFiles(dir));
    expect(files).toContain(HOME);
    const spelled = files.filter(
      (f) => f !== HOME && readFileSync(path.join(ROOT, f), "utf8").includes("organizationId_id"),
    );
    expect(spelled).toEqual([]);
  });
});

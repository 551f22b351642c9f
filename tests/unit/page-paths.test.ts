import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isPagePath, SITE_PAGES, WORKSPACE_PAGES } from "@/lib/tenancy/page-paths";

/** The address of every page.tsx under a folder (route groups dropped), catch-alls left out. */
function pageFiles(dir: string): string[] {
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
        if (!segments.some((s) => s.startsWith("[..."))) found.push(`/${segments.join("/")}`);
      }
    }
  };
  walk(root);
  return found.sort();
}

describe("the proxy's list of pages", () => {
  it("names every workspace page file, and nothing else", () => {
    expect([...WORKSPACE_PAGES].sort()).toEqual(pageFiles("app/t/[tenant]"));
  });

  it("names every main-site page file, and nothing else", () => {
    expect([...SITE_PAGES].sort()).toEqual(pageFiles("app/site"));
  });

  it("knows a page by its address, a dynamic segment taking any one segment", () => {
    for (const p of ["/", "/commitments", "/commitments/new", "/commitments/8c1d", "/settings/users", "/login/"])
      expect(isPagePath(WORKSPACE_PAGES, p), p).toBe(true);
    // Percent-encoded the way Next's router reads it.
    expect(isPagePath(WORKSPACE_PAGES, "/log%69n")).toBe(true);
    expect(isPagePath(WORKSPACE_PAGES, "/surveys/results/a%2Fb")).toBe(true);
  });

  it("does not know other paths", () => {
    for (const p of [
      "/nope",
      "/no/such/page",
      "/commitments/a/b",
      "/surveys/results/a/b",
      "/Login",
      "/settings/users/x",
      "/%E0%A4%A",
      "/logos",
    ])
      expect(isPagePath(WORKSPACE_PAGES, p), p).toBe(false);
    for (const p of ["/logos/no-such-page", "/pulse", "/login/x", "/t/demo"])
      expect(isPagePath(SITE_PAGES, p), p).toBe(false);
    expect(isPagePath(SITE_PAGES, "/")).toBe(true);
  });
});

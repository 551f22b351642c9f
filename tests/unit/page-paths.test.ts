import { describe, expect, it } from "vitest";
import { isPagePath, SITE_PAGES, WORKSPACE_PAGES } from "@/lib/tenancy/page-paths";
import { pagePatterns } from "../support/page-files";

/** The address of every page.tsx under a folder, catch-alls left out (they serve the rest). */
const pageFiles = (dir: string) => pagePatterns(dir).filter((p) => !p.includes("[..."));

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

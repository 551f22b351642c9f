// The e2e entry point: every spec imports `test` and `expect` from here. `test` checks every page
// and dialog a test visits with axe-core and fails the test on serious or critical violations.
//
// How: every browser context a test uses (the `context`/`page` fixtures and any context the test
// makes itself with browser.newContext() or browser.newPage()) gets an init script with axe-core
// and a small watcher. In the top frame of every HTML document the watcher runs axe when the
// document has loaded, after a client-side navigation (history.pushState/replaceState/popstate)
// and when a dialog ([role=dialog], [role=alertdialog], <dialog open>) appears, each time once the
// DOM has been quiet for a moment and running animations have ended. It reports through a binding
// of the context (which survives navigations) to this process. Before a context closes and when
// the test ends, every open page runs axe once more. Frames are not scanned (third-party frames;
// the Stripe stand-in's hosted pages are top-level pages of ours and are scanned).
//
// E2E_AXE=0 turns the check off; E2E_AXE_LOG=<file> appends every violation found (JSON lines),
// also those deduplicated away, for a survey of the whole suite.
import { appendFileSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { test as base, expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import AxeBuilderBase from "@axe-core/playwright";

export { expect };
export type { Locator, Page } from "@playwright/test";

const ENABLED = process.env.E2E_AXE !== "0";
const LOG_FILE = process.env.E2E_AXE_LOG;

type AxeNode = { target: string; summary: string; html: string };
type AxeViolation = { id: string; impact: string; help: string; nodes: AxeNode[] };
type AxeReport = { url: string; violations: AxeViolation[] };
type Finding = { path: string; url: string; id: string; impact: string; help: string } & AxeNode;

type WatcherOptions = { quietMs: number; maxWaitMs: number; dialogDelayMs: number };

/** Runs in the page (serialised with toString, so it may only use its parameter and browser globals). */
function watcher(opts: WatcherOptions): void {
  type AxeResultNode = { impact?: string | null; target: unknown[]; failureSummary?: string; html: string };
  type AxeResult = { id: string; impact?: string | null; help: string; nodes: AxeResultNode[] };
  type AxeApi = { run: (ctx: Document, options: object) => Promise<{ violations: AxeResult[] }> };
  type Hooks = { flush: () => Promise<void>; pause: () => Promise<void>; resume: () => void };
  const w = window as unknown as {
    axe?: AxeApi;
    __pwAxe?: Hooks;
    __pwAxeReport?: (report: { url: string; violations: unknown[] }) => Promise<void>;
  };
  if (w.__pwAxe) return;
  const severe = (impact: string | null | undefined) => impact === "serious" || impact === "critical";
  let chain: Promise<void> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let deadline = 0;
  // While a test runs axe itself (AxeBuilder below): the page's axe runs one scan at a time.
  let paused = false;

  const settle = async () => {
    // A page that calls notFound() at run time (the workspace's and the site's catch-alls) gets
    // Next's error document first: <html id="__next_error__"> with no lang and an empty head, which
    // the client then renders over with the root layout (React replaces the element's attributes).
    // That is Next 16's behaviour, noted on the issue; scanning it before the scripts have run
    // reported 'html-has-lang' on a loaded machine, so the scan waits for the real document.
    const renderedBy = Date.now() + 8_000;
    while (document.documentElement.id === "__next_error__" && Date.now() < renderedBy)
      await new Promise((resolve) => setTimeout(resolve, 50));
    // On a client-side navigation Next streams the new page's metadata after its content: the old
    // <title> is gone and the new one not yet there (up to ~0.5 s seen on the lead form's hand-over
    // to signup). Until it arrives the page has not settled; a page that never gets one still fails.
    const titleBy = Date.now() + 3000;
    while (!document.title && Date.now() < titleBy) await new Promise((resolve) => setTimeout(resolve, 50));
    const finite = document.getAnimations().filter((a) => {
      const timing = a.effect?.getComputedTiming();
      return a.playState === "running" && timing !== undefined && timing.iterations !== Infinity;
    });
    if (finite.length === 0) return;
    await Promise.race([
      Promise.all(finite.map((a) => a.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 1500)),
    ]);
  };
  const scan = async () => {
    // Web pages only: not about:blank (a page a test never used), data: or browser error pages.
    if (!/^https?:$/.test(location.protocol) || document.contentType !== "text/html" || !document.body) return;
    if (!w.axe || !w.__pwAxeReport) return;
    await settle();
    const result = await w.axe.run(document, { resultTypes: ["violations"], iframes: false });
    const violations = result.violations
      .filter((v) => severe(v.impact))
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes
          .filter((n) => severe(n.impact ?? v.impact))
          // Radix hides everything behind an open modal (dialog, menu) with aria-hidden and marks it
          // data-aria-hidden; its focus trap keeps focus out, and a scan caught while the modal
          // opens or closes reports that background as focusable. Not a defect users can meet.
          .filter((n) => !(v.id === "aria-hidden-focus" && n.html.includes('data-aria-hidden="true"')))
          .map((n) => ({
            target: n.target.map(String).join(" "),
            summary: n.failureSummary ?? "",
            html: n.html.slice(0, 200),
          })),
      }))
      .filter((v) => v.nodes.length > 0);
    if (violations.length > 0) await w.__pwAxeReport({ url: location.href, violations });
  };
  const runNow = () => {
    clearTimeout(timer);
    timer = undefined;
    if (paused) return chain;
    chain = chain.then(scan).catch(() => undefined);
    return chain;
  };
  const due = (delay = opts.quietMs) => {
    const now = Date.now();
    if (timer === undefined) deadline = now + opts.maxWaitMs;
    clearTimeout(timer);
    timer = setTimeout(runNow, Math.max(0, Math.min(delay, deadline - now)));
  };
  w.__pwAxe = {
    flush: runNow,
    pause: async () => {
      paused = true;
      clearTimeout(timer);
      timer = undefined;
      await chain;
    },
    resume: () => {
      paused = false;
      due();
    },
  };

  const dialogSelector = "[role=dialog],[role=alertdialog],dialog[open]";
  const observer = new MutationObserver((records) => {
    let dialog = false;
    for (const r of records) {
      if (r.type === "attributes") {
        if (r.target instanceof Element && r.target.matches(dialogSelector)) dialog = true;
        continue;
      }
      for (const n of Array.from(r.addedNodes)) {
        if (n instanceof Element && (n.matches(dialogSelector) || n.querySelector(dialogSelector))) dialog = true;
      }
    }
    if (dialog) due(opts.dialogDelayMs);
    else if (timer !== undefined) due();
  });
  const start = () => {
    observer.observe(document.documentElement, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ["open", "role"],
    });
    due();
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
  else start();
  window.addEventListener("load", () => due());
  for (const method of ["pushState", "replaceState"] as const) {
    const original = history[method].bind(history);
    history[method] = (...args: Parameters<History["pushState"]>) => {
      const before = location.pathname + location.search;
      original(...args);
      if (location.pathname + location.search !== before) due();
    };
  }
  window.addEventListener("popstate", () => due());
}

type PageHooks = { __pwAxe?: { pause: () => Promise<void>; resume: () => void } };

/**
 * @axe-core/playwright's builder, for a test that scans a page itself. The watcher above shares the
 * page's axe, which refuses a second scan while one runs ("Axe is already running"), so the
 * watcher waits while this one runs and picks up again after.
 */
export class AxeBuilder extends AxeBuilderBase {
  private readonly scanned: Page;

  constructor(options: { page: Page }) {
    super(options);
    this.scanned = options.page;
  }

  override async analyze(): ReturnType<AxeBuilderBase["analyze"]> {
    await this.scanned.evaluate(() => (window as unknown as PageHooks).__pwAxe?.pause());
    try {
      return await super.analyze();
    } finally {
      await this.scanned.evaluate(() => (window as unknown as PageHooks).__pwAxe?.resume()).catch(() => undefined);
    }
  }
}

let initScript: string | undefined;
function axeInitScript(): string {
  if (!initScript) {
    const require = createRequire(import.meta.url);
    const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
    const opts: WatcherOptions = { quietMs: 250, maxWaitMs: 2000, dialogDelayMs: 300 };
    // Top frame only: frames (third-party ones) are not scanned.
    initScript = `if (window === window.top) {\n${axeSource}\n;(${watcher.toString()})(${JSON.stringify(opts)});\n}`;
  }
  return initScript;
}

async function flushPage(page: Page): Promise<void> {
  if (page.isClosed()) return;
  const flush = page
    .evaluate(() => (window as unknown as { __pwAxe?: { flush: () => Promise<void> } }).__pwAxe?.flush())
    .catch(() => undefined);
  await Promise.race([flush, new Promise((resolve) => setTimeout(resolve, 10_000))]);
}

class AxeCollector {
  private readonly findings = new Map<string, Finding>();
  private readonly contexts = new Set<BrowserContext>();
  private readonly attached = new WeakSet<BrowserContext>();

  constructor(private readonly testTitle: string) {}

  async attach(context: BrowserContext): Promise<void> {
    if (this.attached.has(context)) return;
    this.attached.add(context);
    this.contexts.add(context);
    await context.exposeBinding("__pwAxeReport", (_source, report: AxeReport) => this.record(report));
    await context.addInitScript({ content: axeInitScript() });
    const close = context.close.bind(context);
    context.close = async (options?: { reason?: string }) => {
      await this.flush(context);
      this.contexts.delete(context);
      return close(options);
    };
  }

  private record(report: AxeReport): void {
    let path = report.url;
    try {
      path = new URL(report.url).pathname;
    } catch {
      // keep the whole address
    }
    for (const v of report.violations) {
      for (const node of v.nodes) {
        const finding: Finding = { path, url: report.url, id: v.id, impact: v.impact, help: v.help, ...node };
        if (LOG_FILE) appendFileSync(LOG_FILE, `${JSON.stringify({ test: this.testTitle, ...finding })}\n`);
        // Keyed by the element's markup rather than its selector: axe's shortest unique selector
        // for the same element changes as the page changes (a dialog opens: "p" becomes "main > p").
        const key = `${path}\n${v.id}\n${node.html}`;
        if (!this.findings.has(key)) this.findings.set(key, finding);
      }
    }
  }

  async flush(context: BrowserContext): Promise<void> {
    await Promise.all(context.pages().map(flushPage));
  }

  async flushAll(): Promise<void> {
    await Promise.all([...this.contexts].map((c) => this.flush(c)));
  }

  message(): string | undefined {
    if (this.findings.size === 0) return undefined;
    const lines = [`Accessibility check (axe-core): ${this.findings.size} serious/critical violation(s)`];
    for (const f of this.findings.values()) {
      lines.push(
        `- ${f.path}  ${f.id} (${f.impact}): ${f.help}`,
        `    target: ${f.target}`,
        `    html:   ${f.html}`,
        ...f.summary.split("\n").map((l) => `    ${l}`),
        `    page:   ${f.url}`,
      );
    }
    lines.push("(E2E_AXE=0 turns this check off)");
    return lines.join("\n");
  }
}

function patchBrowser(browser: Browser, collector: AxeCollector): () => void {
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = async (...args: Parameters<Browser["newContext"]>) => {
    const context = await newContext(...args);
    await collector.attach(context);
    return context;
  };
  browser.newPage = async (...args: Parameters<Browser["newPage"]>) => {
    const page = await newPage(...args);
    await collector.attach(page.context());
    return page;
  };
  return () => {
    browser.newContext = newContext;
    browser.newPage = newPage;
  };
}

export const test = base.extend<{ axeCheck: AxeCollector | undefined }>({
  axeCheck: [
    async ({ browser }, provide, testInfo) => {
      if (!ENABLED) {
        await provide(undefined);
        return;
      }
      const collector = new AxeCollector(testInfo.titlePath.join(" > "));
      const restore = patchBrowser(browser, collector);
      await provide(collector).finally(restore);
      await collector.flushAll();
      const message = collector.message();
      if (message) throw new Error(message);
    },
    { auto: true },
  ],
  context: async ({ context, axeCheck }, provide) => {
    await axeCheck?.attach(context);
    await provide(context);
    await axeCheck?.flush(context);
  },
});

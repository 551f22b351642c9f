import { afterEach, describe, expect, it, vi } from "vitest";

// lib/utils/zod-no-eval.ts sets zod's `jitless` without importing zod, through the global object
// zod keeps its settings on. These hold it to what zod itself reads.
describe("zod-no-eval", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it("makes zod parse without its eval probe when it runs in a browser before zod loads", async () => {
    vi.resetModules();
    const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
    const saved = scope.__zod_globalConfig;
    delete scope.__zod_globalConfig;
    try {
      vi.stubGlobal("window", {});
      await import("@/lib/utils/zod-no-eval");
      const { config } = await import("zod/v4/core");
      expect(config().jitless).toBe(true);
    } finally {
      scope.__zod_globalConfig = saved;
    }
  });

  it("does so too when zod loaded first", async () => {
    const { config } = await import("zod/v4/core");
    const before = config().jitless;
    try {
      vi.stubGlobal("window", {});
      await import("@/lib/utils/zod-no-eval");
      expect(config().jitless).toBe(true);
    } finally {
      config({ jitless: before });
    }
  });

  it("leaves the server's zod alone", async () => {
    const { config } = await import("zod/v4/core");
    const before = config().jitless;
    await import("@/lib/utils/zod-no-eval");
    expect(config().jitless).toBe(before);
  });
});

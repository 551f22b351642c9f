// The fault drill (npm run drill), shorter: under submissions and sign-ins through nginx, kill -9
// of an app instance, kill -9 of the worker while a pulse round's mail goes out, an immediate
// restart of the primary. Every acknowledged submission is stored exactly once, no job ran twice,
// no request answered 500 and no right password was refused; every fault is recovered from.
import { rmSync } from "node:fs";
import { afterAll, expect, it } from "vitest";
import { describeWithPackages } from "./support/prerequisites";
import { runDrill } from "../../scripts/drill/drill";

// Part D's ports (4400-4599): the balancer here, the rest of the cluster above it.
const BASE_PORT = 4540;
const DIR = "/tmp/pw-d-drill-test";

describeWithPackages("fault drill", () => {
  afterAll(() => rmSync(DIR, { recursive: true, force: true }));

  it("loses no acknowledged submission and runs no job twice through three faults", { timeout: 400_000 }, async () => {
    const result = await runDrill({
      dir: DIR,
      basePort: BASE_PORT,
      employees: 600,
      sendPeople: 150,
      submitsPerSecond: 5,
      signInsPerSecond: 1,
      steadyMs: 8_000,
      downMs: 2_000,
      outboxWaitMs: 0,
      log: (line) => console.info(`[drill] ${line}`),
    });
    console.info(`[drill]\n${result.table}\n${result.checks.map((c) => `- ${c}`).join("\n")}`);
    expect(result.violations).toEqual([]);
    const [steady, app, worker, primary, all] = result.phases;
    expect(result.phases.map((p) => p.phase)).toEqual([
      "steady load",
      "kill -9 app instance 1",
      "kill -9 worker mid-send",
      "primary: immediate stop, restart",
      "whole drill",
    ]);
    for (const p of [steady!, app!, worker!, primary!]) {
      expect(p.requests, p.phase).toBeGreaterThan(0);
      // Recovered within the phase: the phase's failures end before its steady load does.
      expect(p.recoveryMs ?? 0, p.phase).toBeLessThan(p.seconds * 1000);
    }
    expect(all!.acknowledged).toBeGreaterThan(all!.requests / 2);
    // The worker's kill hit a send in progress, and the round was still sent once.
    expect(result.checks.join("\n")).toMatch(/Pulse round sent once: 1 round/);
  });
});

import { describe, expect, it } from "vitest";
import type { RunningPostgres } from "../../scripts/lib/embedded-postgres";
import { superviseEmbeddedPostgres, type Backoff } from "../../scripts/lib/embedded-supervisor";

// The restart policy of `npm start`'s embedded PostgreSQL, on stand-in servers and a fake clock:
// a death is followed by a restart and log lines, quick deaths and failed starts wait longer each
// time, a long healthy run makes the next restart quick again, and too many failures give up.

type FakeServer = RunningPostgres & { die: (how?: string) => void; stopped: boolean };

function fakeServer(pid: number): FakeServer {
  let listener: ((how: string) => void) | undefined;
  const server: FakeServer = {
    port: 5555,
    pid,
    adminUrl: (db) => `postgresql://postgres@127.0.0.1:5555/${db}`,
    stopped: false,
    stop: async () => {
      server.stopped = true;
    },
    onUnexpectedExit: (l) => {
      listener = l;
    },
    die: (how = "killed by SIGKILL") => listener?.(how),
  };
  return server;
}

const BACKOFF: Backoff = { initialMs: 500, maxMs: 4_000, stableMs: 60_000, maxFailures: 4 };

function harness(startResults: (() => FakeServer | Error)[]) {
  let clock = 0;
  const sleeps: number[] = [];
  const lines: string[] = [];
  const gaveUp: string[] = [];
  const started: FakeServer[] = [];
  const first = fakeServer(100);
  const supervisor = superviseEmbeddedPostgres({
    first,
    backoff: BACKOFF,
    now: () => clock,
    sleep: async (ms) => {
      sleeps.push(ms);
      clock += ms;
    },
    restart: async () => {
      const next = startResults.shift();
      if (!next) throw new Error("no more starts scripted");
      const result = next();
      if (result instanceof Error) throw result;
      started.push(result);
      return result;
    },
    log: (line) => lines.push(line),
    onGiveUp: (reason) => gaveUp.push(reason),
  });
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return {
    first,
    supervisor,
    sleeps,
    lines,
    gaveUp,
    started,
    settle,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe("the embedded PostgreSQL supervisor", () => {
  it("restarts a server that died after a healthy run, once, with a log line for each step", async () => {
    const h = harness([() => fakeServer(101)]);
    h.advance(120_000);
    h.first.die();
    await h.settle();
    expect(h.sleeps).toEqual([500]);
    expect(h.supervisor.current().pid).toBe(101);
    expect(h.lines[0]).toMatch(/pid 100\) stopped unexpectedly \(killed by SIGKILL\) after 120\.0 s; restarting it/);
    expect(h.lines[1]).toMatch(/restarted on 127\.0\.0\.1:5555 \(pid 101\), 0\.5 s after it stopped/);
    expect(h.gaveUp).toEqual([]);
  });

  it("waits longer after each failed start and each quick death, and gives up after too many", async () => {
    const h = harness([
      () => new Error("could not bind"),
      () => fakeServer(101),
      () => new Error("shared memory block is still in use\nmore detail"),
      () => new Error("still"),
    ]);
    h.advance(120_000);
    h.first.die();
    await h.settle();
    // Dead after a healthy run: 0.5 s; the start fails: 1 s; then it runs.
    expect(h.sleeps).toEqual([500, 1_000]);
    expect(h.lines).toContainEqual("PostgreSQL (embedded) did not restart: could not bind");
    expect(h.supervisor.current().pid).toBe(101);
    // It dies 5 s later: a quick death keeps counting (2 s), two more failed starts (4 s, capped).
    h.advance(5_000);
    h.started[0]!.die("exit code 1");
    await h.settle();
    expect(h.sleeps).toEqual([500, 1_000, 2_000, 4_000]);
    expect(h.lines).toContainEqual("PostgreSQL (embedded) did not restart: shared memory block is still in use");
    expect(h.gaveUp).toHaveLength(1);
    expect(h.gaveUp[0]).toMatch(/giving up/);
  });

  it("a healthy run resets the wait", async () => {
    const h = harness([() => fakeServer(101), () => fakeServer(102), () => fakeServer(103)]);
    h.first.die();
    await h.settle();
    h.advance(1_000);
    h.started[0]!.die();
    await h.settle();
    expect(h.sleeps).toEqual([500, 1_000]);
    h.advance(61_000);
    h.started[1]!.die();
    await h.settle();
    expect(h.sleeps).toEqual([500, 1_000, 500]);
    expect(h.supervisor.current().pid).toBe(103);
  });

  it("stop() stops the current server and a death after it is not restarted", async () => {
    const h = harness([() => fakeServer(101)]);
    await h.supervisor.stop();
    expect(h.first.stopped).toBe(true);
    h.first.die();
    await h.settle();
    expect(h.sleeps).toEqual([]);
    expect(h.lines).toEqual([]);
  });
});

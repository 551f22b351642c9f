// Keeps the embedded PostgreSQL of `npm start` running: when it dies (killed, crashed, out of
// memory) it is started again on the same port and data, with a log line, so the app, whose pool
// reconnects by itself, serves data again within seconds and without a restart of its own. A server
// that keeps dying is restarted ever more slowly, and after too many failures in a row the
// supervisor gives up (the caller ends `npm start`, and a service manager starts everything anew).
import type { RunningPostgres } from "./embedded-postgres";

export type Backoff = {
  /** The wait before the first restart (backends of the dead server exit meanwhile). */
  initialMs: number;
  /** The longest wait between two attempts. */
  maxMs: number;
  /** A server that ran this long before dying counts as healthy: the next restart is quick again. */
  stableMs: number;
  /** Failed starts and quick deaths in a row before giving up. */
  maxFailures: number;
};

export const DEFAULT_BACKOFF: Backoff = { initialMs: 500, maxMs: 30_000, stableMs: 60_000, maxFailures: 8 };

export type Supervisor = {
  /** The server now running (the latest restart). */
  current: () => RunningPostgres;
  /** Stops the server and any restart still pending. */
  stop: () => Promise<void>;
};

const firstLine = (err: unknown) => (err instanceof Error ? err.message : String(err)).split("\n")[0];

export function superviseEmbeddedPostgres(opts: {
  first: RunningPostgres;
  /** Starts the server again (same data folder and port). */
  restart: () => Promise<RunningPostgres>;
  log: (line: string) => void;
  onGiveUp: (reason: string) => void;
  backoff?: Backoff;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}): Supervisor {
  const backoff = opts.backoff ?? DEFAULT_BACKOFF;
  const now = opts.now ?? Date.now;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let server = opts.first;
  let startedAt = now();
  let failures = 0;
  let stopped = false;

  const watch = (s: RunningPostgres) => s.onUnexpectedExit((how) => void recover(s, how));

  async function recover(dead: RunningPostgres, how: string): Promise<void> {
    if (stopped) return;
    const diedAt = now();
    // A server that dies soon after its start is not helped by restarting it at once.
    failures = diedAt - startedAt < backoff.stableMs ? failures + 1 : 1;
    opts.log(
      `PostgreSQL (embedded, pid ${dead.pid ?? "?"}) stopped unexpectedly (${how}) after ${((diedAt - startedAt) / 1000).toFixed(1)} s; restarting it.`,
    );
    for (;;) {
      if (failures > backoff.maxFailures) {
        opts.onGiveUp(`PostgreSQL (embedded) failed ${failures - 1} times in a row; giving up.`);
        return;
      }
      const delay = Math.min(backoff.maxMs, backoff.initialMs * 2 ** (failures - 1));
      await sleep(delay);
      if (stopped) return;
      try {
        server = await opts.restart();
      } catch (err) {
        failures += 1;
        opts.log(`PostgreSQL (embedded) did not restart: ${firstLine(err)}`);
        continue;
      }
      if (stopped) {
        await server.stop().catch(() => undefined);
        return;
      }
      startedAt = now();
      opts.log(
        `PostgreSQL (embedded) restarted on 127.0.0.1:${server.port} (pid ${server.pid ?? "?"}), ${((startedAt - diedAt) / 1000).toFixed(1)} s after it stopped.`,
      );
      watch(server);
      return;
    }
  }

  watch(server);
  return {
    current: () => server,
    stop: async () => {
      stopped = true;
      await server.stop();
    },
  };
}

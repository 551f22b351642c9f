import "server-only";
import { createRequire } from "node:module";
import path from "node:path";
import type { Worker } from "node:worker_threads";

// Sentence embeddings for Boss Bot's retrieval, computed on one worker thread per process (the
// model is ~110 MB resident and each text costs 10-35 ms of CPU, which would stall every request on
// the event loop). Two queues: a question someone is waiting for ("interactive") goes before the
// library's own sections ("bulk"), and bulk work is cut into small batches so a question never waits
// behind more than one of them. A worker that dies fails the batch it held and is started again on
// the next one.

const BULK_BATCH = 6;
/** The model's first load and a batch of six long sections take well under this. */
const STALL_MS = 60_000;

type Priority = "interactive" | "bulk";
type Job = { texts: string[]; resolve: (v: Float32Array[]) => void; reject: (e: Error) => void };
type Reply = { id: number; vectors?: Float32Array; dims?: number; error?: string };

class EncoderPool {
  private worker: Worker | null = null;
  private running: { id: number; job: Job } | null = null;
  private readonly interactive: Job[] = [];
  private readonly bulk: Job[] = [];
  private nextId = 1;
  private watchdog: NodeJS.Timeout | null = null;

  embed(texts: string[], priority: Priority): Promise<Float32Array[]> {
    if (texts.length === 0) return Promise.resolve([]);
    if (priority === "interactive") return this.enqueue(this.interactive, texts);
    const batches: Promise<Float32Array[]>[] = [];
    for (let i = 0; i < texts.length; i += BULK_BATCH)
      batches.push(this.enqueue(this.bulk, texts.slice(i, i + BULK_BATCH)));
    return Promise.all(batches).then((parts) => parts.flat());
  }

  /** Loads the model now, so the first question does not pay for it. */
  warm(): Promise<void> {
    return this.embed(["warm up"], "bulk").then(() => undefined);
  }

  private enqueue(queue: Job[], texts: string[]): Promise<Float32Array[]> {
    return new Promise((resolve, reject) => {
      queue.push({ texts, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    if (this.running) return;
    const job = this.interactive.shift() ?? this.bulk.shift();
    if (!job) return;
    const id = this.nextId++;
    this.running = { id, job };
    this.ensureWorker().postMessage({ id, texts: job.texts });
    // A thread that stops answering (no batch takes near this long) is replaced, so the queue
    // behind it moves again.
    this.watchdog = setTimeout(() => {
      if (this.running?.id === id) this.fail(new Error("sentence encoder stopped answering"));
    }, STALL_MS);
    this.watchdog.unref();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const w = new (workerThreads().Worker)(workerFile());
    // The thread never keeps a finished process (a script, a test run) alive.
    w.unref();
    // A thread that failed is replaced; its late events ("exit" follows "error") must not touch
    // the job its successor is running.
    w.on("message", (msg: Reply) => this.worker === w && this.settle(msg));
    w.on("error", (err) => this.worker === w && this.fail(err));
    w.on("exit", (code) => this.worker === w && this.fail(new Error(`sentence encoder stopped (exit ${code})`)));
    this.worker = w;
    return w;
  }

  private settle(msg: Reply): void {
    const current = this.running;
    if (!current || current.id !== msg.id) return;
    this.running = null;
    if (this.watchdog) clearTimeout(this.watchdog);
    if (msg.error || !msg.vectors || !msg.dims)
      current.job.reject(new Error(msg.error ?? "sentence encoder returned nothing"));
    else {
      const { vectors, dims } = msg;
      current.job.resolve(current.job.texts.map((_, i) => vectors.subarray(i * dims, (i + 1) * dims)));
    }
    this.pump();
  }

  private fail(err: Error): void {
    const dead = this.worker;
    this.worker = null;
    void dead?.terminate();
    if (this.watchdog) clearTimeout(this.watchdog);
    const current = this.running;
    this.running = null;
    current?.job.reject(err);
    this.pump();
  }
}

// The thread runs lib/library/semantic/encoder-worker.mjs as it is on disk, with the model's own
// package resolving its WebAssembly. The bundler rewrites a `new Worker(<path it can resolve>)` into
// a bundled worker chunk (measured: the built server then looked for the .wasm beside the chunk and
// fell back to words alone), so neither the constructor nor the path is visible to it.
function workerThreads(): typeof import("node:worker_threads") {
  return createRequire(path.join(/* turbopackIgnore: true */ process.cwd(), "package.json"))(
    "node:worker_threads",
  ) as typeof import("node:worker_threads");
}
function workerFile(): string {
  return (
    process.env.PULSEWELL_ENCODER_WORKER ||
    path.join(
      /* turbopackIgnore: true */ process.cwd(),
      ["lib", "library", "semantic", "encoder-worker.mjs"].join(path.sep),
    )
  );
}

const g = globalThis as unknown as { pulsewellEncoder?: EncoderPool };

function pool(): EncoderPool {
  g.pulsewellEncoder ??= new EncoderPool();
  return g.pulsewellEncoder;
}

/** Unit-length embeddings of the texts, in order. */
export function embedTexts(texts: string[], priority: Priority = "interactive"): Promise<Float32Array[]> {
  return pool().embed(texts, priority);
}

export function warmEncoder(): Promise<void> {
  return pool().warm();
}

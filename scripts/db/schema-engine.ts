// Prisma's schema engine, offline. The Prisma CLI would download a native engine (impossible here),
// so we drive the WebAssembly build of the same engine version through the pg driver adapter.
// The engine's migrate and diff commands run in-process here; nothing is downloaded at runtime.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import {
  bindMigrationAwareSqlAdapterFactory,
  ColumnTypeEnum,
  DriverAdapterError,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
} from "@prisma/driver-adapter-utils";
import * as glue from "@prisma/schema-engine-wasm/schema_engine_bg";
import type { SchemaEngine } from "@prisma/schema-engine-wasm/schema_engine_bg";

export type { SchemaEngine } from "@prisma/schema-engine-wasm/schema_engine_bg";

/** Separate connection fields, not a connectionString: a connectionString would override any
 * `database` given beside it (PrismaPg's shadow databases and our scratch databases need that). */
export function pgConfigFromUrl(url: string): pg.PoolConfig {
  const u = new URL(url);
  if (u.protocol !== "postgresql:" && u.protocol !== "postgres:")
    throw new Error(`Not a PostgreSQL URL: ${u.protocol}//…`);
  const sslmode = u.searchParams.get("sslmode");
  return {
    host: decodeURIComponent(u.hostname) || "localhost",
    port: u.port ? Number(u.port) : 5432,
    user: decodeURIComponent(u.username) || undefined,
    password: decodeURIComponent(u.password) || undefined,
    database: decodeURIComponent(u.pathname.slice(1)) || undefined,
    // As pg reads URLs: any sslmode but `disable` means TLS; `no-verify` skips certificate checks.
    ssl: !sslmode || sslmode === "disable" ? undefined : sslmode === "no-verify" ? { rejectUnauthorized: false } : true,
    max: 4,
  };
}

/** The same server and credentials, another database. */
export function urlForDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(database)}`;
  return u.toString();
}

/** A Rust panic inside the engine hands its message to this global (the glue requires it), then
 * usually escapes as an uncaught bare "RuntimeError: unreachable" that ends the process (the
 * pending call never settles). So the message is printed at once, and kept for the rare panic
 * that does reject the call. */
const panics = {
  last: undefined as string | undefined,
  set_message(message: string) {
    panics.last = message;
    process.stderr.write(`Prisma schema engine panic: ${message}\n`);
  },
};
(globalThis as { PRISMA_WASM_PANIC_REGISTRY?: typeof panics }).PRISMA_WASM_PANIC_REGISTRY = panics;

let loaded: Promise<typeof glue> | undefined;

/** Instantiates the wasm once per process: the glue keeps the instance in module state. */
function loadSchemaEngineWasm(): Promise<typeof glue> {
  loaded ??= (async () => {
    // The .wasm is not in the package's exports map; it sits beside the glue.
    const gluePath = createRequire(import.meta.url).resolve("@prisma/schema-engine-wasm/schema_engine_bg");
    const bytes = await readFile(path.join(path.dirname(gluePath), "schema_engine_bg.wasm"));
    // The module's only import namespace is its own glue file. The glue's timers are never cleared
    // (applyMigrations arms a 10 s one), which kept a CLI alive 10 s after its work; they are
    // unref'd here: while the engine waits on the database, its open connections keep us alive.
    const fns: Record<string, unknown> = { ...glue };
    for (const name of Object.keys(fns).filter((n) => n.startsWith("__wbg_setTimeout_"))) {
      fns[name] = (callback: () => void, ms: number) => setTimeout(callback, ms >>> 0).unref();
    }
    const imports: WebAssembly.Imports = { "./schema_engine_bg.js": fns as WebAssembly.ModuleImports };
    const { instance } = await WebAssembly.instantiate(bytes, imports);
    glue.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return glue;
  })();
  return loaded;
}

// The engine's introspection reads catalog columns of PostgreSQL's one-byte `"char"` type (OID 18,
// e.g. pg_constraint.contype) and expects them as Character values, but adapter-pg 7.10 rejects
// that OID ("Column type 'char' could not be deserialized from the database"), so every diff
// against a live database fails. The pool below reports such columns as text (the adapter accepts
// that) and remembers where they were; the adapter wrapper then marks them Character again.
const PG_CHAR = 18;
const PG_TEXT = 25;
const charColumns = new WeakMap<object, number[]>();

/** Patches the promise form of pool.query, the only one adapter-pg's queries use. Queries inside
 * transactions go through pool.connect() and are not patched: the engine introspects outside them. */
function poolReportingCharColumns(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  const query = pool.query.bind(pool) as (q: pg.QueryConfig) => Promise<pg.QueryResult>;
  const patched = async (q: pg.QueryConfig): Promise<pg.QueryResult> => {
    const result = await query(q);
    const found = result.fields.flatMap((f, i) => (f.dataTypeID === PG_CHAR ? [i] : []));
    if (found.length > 0) {
      for (const i of found) result.fields[i]!.dataTypeID = PG_TEXT;
      charColumns.set(result.rows, found);
    }
    return result;
  };
  pool.query = patched as unknown as pg.Pool["query"];
  return pool;
}

/** PostgreSQL errors in the shape the engine understands, so its messages carry the SQL error. */
function toAdapterError(error: unknown): unknown {
  if (!(error instanceof pg.DatabaseError) || !error.code) return error;
  const { code, severity = "ERROR", message, detail, column, hint } = error;
  return new DriverAdapterError({ kind: "postgres", code, severity, message, detail, column, hint });
}

/** The adapter with two changes. executeScript: adapter-pg splits scripts on ";", which breaks
 * `DO $$ ... $$` blocks and function bodies; here a migration goes to PostgreSQL whole, as ONE
 * simple-protocol query (no parameters), as the native engine sends it, and PostgreSQL runs it as
 * one implicit transaction. queryRaw: `"char"` columns come back as Character (see above). */
function migrationAdapter(adapter: SqlDriverAdapter, pool: pg.Pool): SqlDriverAdapter {
  return {
    provider: adapter.provider,
    adapterName: adapter.adapterName,
    queryRaw: async (q) => {
      const result = await adapter.queryRaw(q);
      for (const i of charColumns.get(result.rows) ?? []) result.columnTypes[i] = ColumnTypeEnum.Character;
      return result;
    },
    executeRaw: (q) => adapter.executeRaw(q),
    startTransaction: (level) => adapter.startTransaction(level),
    getConnectionInfo: () => adapter.getConnectionInfo?.() ?? { supportsRelationJoins: true },
    dispose: () => adapter.dispose(),
    executeScript: async (script) => {
      const client = await pool.connect();
      try {
        await client.query(script);
      } catch (error) {
        throw toAdapterError(error);
      } finally {
        client.release();
      }
    },
  };
}

/** PrismaPg (one pool per connection, which it ends on dispose) behind migrationAdapter. Keeps every
 * connection it opens so that closeAll can end them: freeing the engine does not. */
function migrationAdapterFactory(url: string): {
  factory: SqlMigrationAwareDriverAdapterFactory;
  closeAll: () => Promise<void>;
} {
  const config = pgConfigFromUrl(url);
  const open = new Set<SqlDriverAdapter>();
  const connectTo = async (cfg: pg.PoolConfig, onDispose?: () => Promise<void>): Promise<SqlDriverAdapter> => {
    const pool = poolReportingCharColumns(cfg);
    // adapter-pg types its argument with its own copy of @types/pg (8.23 vs our 8.15): same runtime pg.
    const prismaPg = new PrismaPg(pool as unknown as ConstructorParameters<typeof PrismaPg>[0], {
      disposeExternalPool: true,
    });
    const adapter = migrationAdapter(await prismaPg.connect(), pool);
    const dispose = adapter.dispose;
    adapter.dispose = async () => {
      if (!open.delete(adapter)) return;
      await dispose();
      await onDispose?.();
    };
    open.add(adapter);
    return adapter;
  };
  const factory: SqlMigrationAwareDriverAdapterFactory = {
    provider: "postgres",
    adapterName: "@prisma/adapter-pg",
    connect: () => connectTo(config),
    // Like PrismaPg's own: a throwaway database beside the main one, dropped on dispose.
    connectToShadowDb: async () => {
      const database = `prisma_migrate_shadow_db_${globalThis.crypto.randomUUID()}`;
      const admin = await connectTo(config);
      await admin.executeScript(`CREATE DATABASE "${database}"`);
      return connectTo({ ...config, database }, async () => {
        await admin.executeScript(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
        await admin.dispose();
      });
    },
  };
  const closeAll = async () => {
    for (const adapter of [...open].reverse()) await adapter.dispose();
  };
  return { factory, closeAll };
}

/** Runs `fn` with a schema engine bound to the database at `url`, then frees the engine and closes
 * its connections. `datamodels`: [path, content] of Prisma schema files, when a call needs them. */
export async function withSchemaEngine<T>(
  url: string,
  fn: (engine: SchemaEngine) => Promise<T>,
  datamodels?: [string, string][],
): Promise<T> {
  const { SchemaEngine } = await loadSchemaEngineWasm();
  const { factory, closeAll } = migrationAdapterFactory(url);
  // The engine's log lines (JSON), shown with DEBUG_SCHEMA_ENGINE=1.
  const log = (line: string) => {
    if (process.env.DEBUG_SCHEMA_ENGINE) process.stderr.write(`[schema-engine] ${line}\n`);
  };
  // An empty list makes the engine panic ("at least one file"); undefined is accepted.
  const options = { datamodels: datamodels?.length ? datamodels : undefined };
  const bound = bindMigrationAwareSqlAdapterFactory(factory);
  const engine = await SchemaEngine.new(options, log, bound);
  try {
    panics.last = undefined;
    return await fn(engine);
  } catch (error) {
    if (panics.last) throw new Error(`Prisma schema engine panicked: ${panics.last}`, { cause: error });
    // A JS error inside the adapter reaches us only as "External error id#N": fetch the original.
    const id = /External error id#(\d+)/.exec(error instanceof Error ? error.message : "")?.[1];
    const original = id === undefined ? undefined : bound.errorRegistry.consumeError(Number(id))?.error;
    if (original !== undefined)
      throw new Error(`${String(error)}\ncaused by: ${String(original)}`, { cause: original });
    throw error;
  } finally {
    engine.free();
    await closeAll();
  }
}

/** Whether a database error is a unique-constraint violation: P2002 from Prisma's own queries,
 * P2010 carrying PostgreSQL's 23505 from raw ones. Callers turn it into a 409 (a duplicate e-mail,
 * team name or subdomain), which is how races between two requests are settled. */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== "object" || err === null || !("code" in err)) return false;
  if (err.code === "P2002") return true;
  return err.code === "P2010" && "meta" in err && JSON.stringify(err.meta).includes('"originalCode":"23505"');
}

import { log } from "@/lib/log/logger";

/** What kept a query from the database, when it was not the query itself: an `outage` (the server
 * or pooler is down, restarting or full; the same request succeeds later) or a `misconfigured`
 * instance (a wrong password, database or user: nothing gets better by waiting, and someone must
 * be told). `cause` is short and stable (a code, or a driver's or PgBouncer's own words), so logs
 * can be counted and throttled by it; it never holds a value from a request. */
export type DatabaseFault = { kind: "outage" | "misconfigured"; cause: string };

// SQLSTATEs that say the server, not the query, failed: the connection-exception class (but see
// 08P01 below), a server shutting down or restarting, and a server with no connection to spare.
const OUTAGE_SQLSTATE = /^(08...|57P0[1-3]|53300)$/;
// PostgreSQL refusing who we are or where we want to go: a wrong password, role or database.
const MISCONFIGURED_SQLSTATE = new Set(["28P01", "28000", "3D000"]);
// PgBouncer reports everything as 08P01 (protocol violation), a wrong password ("SASL
// authentication failed") and an unknown database or user ("no such database: x") as much as a
// server it cannot reach. Only these of its words are temporary; any other 08P01 is configuration.
const PGBOUNCER_TEMPORARY = [
  "server conn crashed",
  "query_wait_timeout",
  "client_login_timeout",
  "pgbouncer cannot connect to server",
  "no more connections allowed",
  "server login has been failing",
  "server_connect_timeout",
];
// Prisma's own codes for an outage: server unreachable, connect timeout, connection closed, and no
// pooled connection in time.
const OUTAGE_PRISMA_CODES = new Set(["P1001", "P1002", "P1017", "P2024"]);
// P2028 covers every transaction API error (an expired transaction is the caller's fault); only
// this one, worded by Prisma itself, means no connection came in time.
const PRISMA_NO_TRANSACTION = "unable to start a transaction in the given time";
// Prisma's codes for credentials or a database the server refuses.
const MISCONFIGURED_PRISMA_CODES = new Set(["P1000", "P1003", "P1010"]);
// The driver adapter's kinds for socket failures.
const OUTAGE_ADAPTER_KINDS = new Set([
  "DatabaseNotReachable",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
]);
const OUTAGE_SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);
// What node-postgres and its pool throw, with no code, when a socket died mid-query, a client
// died in a transaction or no pooled connection came in time (the adapter passes them through).
// Matched whole, never as a part of a longer message, so a message quoting a value cannot match.
const DRIVER_MESSAGES = new Set([
  "Connection terminated unexpectedly",
  "Connection terminated due to connection timeout",
  "Client has encountered a connection error and is not queryable",
  "timeout exceeded when trying to connect",
]);

const text = (v: unknown): string => (typeof v === "string" ? v : "");

/** The fault one error object states by itself, "skip" for one whose insides must not be read
 * (a domain error, a Prisma validation error quoting the request's values), or null. */
function faultOf(err: object): DatabaseFault | "skip" | null {
  const field = (key: string): unknown => (key in err ? (err as Record<string, unknown>)[key] : undefined);
  const name = text(field("name"));
  if (name === "DomainError" || name === "PrismaClientValidationError") return "skip";
  const code = text(field("code"));
  const message = text(field("message"));
  if (OUTAGE_PRISMA_CODES.has(code) || OUTAGE_SOCKET_CODES.has(code)) return { kind: "outage", cause: code };
  if (MISCONFIGURED_PRISMA_CODES.has(code)) return { kind: "misconfigured", cause: code };
  if (code === "P2028" && message.toLowerCase().includes(PRISMA_NO_TRANSACTION))
    return { kind: "outage", cause: `P2028 ${PRISMA_NO_TRANSACTION}` };
  // A SQLSTATE, from node-postgres's DatabaseError or the adapter's copy of it.
  for (const state of [code, text(field("originalCode"))]) {
    if (state === "08P01") {
      const words = (message || text(field("originalMessage"))).toLowerCase();
      const temporary = PGBOUNCER_TEMPORARY.find((m) => words.includes(m));
      if (temporary) return { kind: "outage", cause: `08P01 ${temporary}` };
      return { kind: "misconfigured", cause: `08P01 ${words.slice(0, 120)}` };
    }
    if (OUTAGE_SQLSTATE.test(state)) return { kind: "outage", cause: state };
    if (MISCONFIGURED_SQLSTATE.has(state)) return { kind: "misconfigured", cause: state };
  }
  const kind = text(field("kind"));
  if (OUTAGE_ADAPTER_KINDS.has(kind)) return { kind: "outage", cause: kind };
  // Words only from node-postgres's plain errors: never from Prisma's own (they quote the query).
  if (!name.startsWith("PrismaClient") && DRIVER_MESSAGES.has(message.trim()))
    return { kind: "outage", cause: message };
  return null;
}

/** The errors an error carries inside: its cause, and Prisma's driver-adapter error and that
 * error's cause (where the PostgreSQL code or socket failure of a wrapped error lives). */
function nested(err: object): unknown[] {
  const out: unknown[] = [];
  if ("cause" in err) out.push(err.cause);
  if ("meta" in err && typeof err.meta === "object" && err.meta !== null && "driverAdapterError" in err.meta)
    out.push(err.meta.driverAdapterError);
  return out;
}

/**
 * Whether an error means the database (or the pooler in front of it) could not serve us, and why:
 * the one place that tells an outage and a misconfigured instance apart from a query that is
 * wrong. Codes and classes decide; words are read only from driver and pooler errors.
 */
export function databaseFault(err: unknown): DatabaseFault | null {
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  while (queue.length && seen.size < 16) {
    const e = queue.shift();
    if (typeof e !== "object" || e === null || seen.has(e)) continue;
    seen.add(e);
    const fault = faultOf(e);
    if (fault === "skip") continue;
    if (fault) return fault;
    queue.push(...nested(e));
  }
  return null;
}

/**
 * Whether an error is an outage of the database or its pooler (not a wrong query, not a wrong
 * password): every route and action answers it with 503 and Retry-After, and the same requests
 * succeed once the server is back.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  return databaseFault(err)?.kind === "outage";
}

/** At most one log line a minute for each fault and cause: a pool exhausted by a leak or a wrong
 * password shows in the logs without a line for every request or probe. */
export const DATABASE_FAULT_LOG_INTERVAL_MS = 60_000;
const lastLogged = new Map<string, { at: number; suppressed: number }>();

/** Logs `msg` at `level` unless the same key was logged less than a minute ago; the next line
 * says how many were left out. */
export function logThrottled(
  key: string,
  level: "warn" | "error",
  msg: string,
  fields: Record<string, unknown>,
  now = Date.now(),
): void {
  const last = lastLogged.get(key);
  if (last && now - last.at < DATABASE_FAULT_LOG_INTERVAL_MS) {
    last.suppressed++;
    return;
  }
  // Keys are few; a bound keeps a flood of distinct messages from growing the map.
  if (lastLogged.size >= 200) lastLogged.clear();
  lastLogged.set(key, { at: now, suppressed: 0 });
  log[level](msg, { ...fields, suppressedSinceLast: last?.suppressed ?? 0 });
}

/** Logs a fault, an outage as a warning and a misconfiguration as an error, at most once a minute
 * for each cause. */
export function logDatabaseFault(fault: DatabaseFault, where: string, err: unknown, now = Date.now()): void {
  const outage = fault.kind === "outage";
  logThrottled(
    `${fault.kind}:${fault.cause}`,
    outage ? "warn" : "error",
    outage ? "database.unavailable" : "database.misconfigured",
    { where, cause: fault.cause, err },
    now,
  );
}

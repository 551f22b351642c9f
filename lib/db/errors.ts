/** Whether a database error is a unique-constraint violation: P2002 from Prisma's own queries,
 * P2010 carrying PostgreSQL's 23505 from raw ones. Callers turn it into a 409 (a duplicate e-mail,
 * team name or subdomain), which is how races between two requests are settled. */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== "object" || err === null || !("code" in err)) return false;
  if (err.code === "P2002") return true;
  return err.code === "P2010" && "meta" in err && JSON.stringify(err.meta).includes('"originalCode":"23505"');
}

// SQLSTATEs that say the server, not the query, failed: the whole connection-exception class
// (PgBouncer reports its own failures as 08P01), a server shutting down or restarting, and a
// server or pooler with no connection to spare.
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|53300)$/;
// Prisma's own codes for the same: server unreachable, connect timeout, connection closed, and no
// pooled connection in time.
const UNAVAILABLE_PRISMA_CODES = new Set(["P1001", "P1002", "P1017", "P2024"]);
// The driver adapter's kinds for socket failures.
const UNAVAILABLE_ADAPTER_KINDS = new Set([
  "DatabaseNotReachable",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
]);
const UNAVAILABLE_SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);
// What node-postgres, its pool and PgBouncer say without a code (the adapter passes these through
// unwrapped): a socket that died mid-query, a client that died in a transaction, a pool that found
// no connection in time, and PgBouncer's refusals when it cannot reach or wait for a server.
const UNAVAILABLE_MESSAGES = [
  "connection terminated unexpectedly",
  "connection terminated due to connection timeout",
  "client has encountered a connection error and is not queryable",
  "timeout exceeded when trying to connect",
  "unable to start a transaction in the given time",
  "server conn crashed",
  "no more connections allowed",
  "query_wait_timeout",
  "pgbouncer cannot connect to server",
  "server login has been failing",
  "database system is starting up",
  "database system is shutting down",
  "database system is in recovery mode",
  "can't reach database server",
];

/** The errors an error carries inside: its cause, and Prisma's driver-adapter error and that
 * error's cause (where the PostgreSQL code or socket failure of a wrapped error lives). */
function nested(err: object): unknown[] {
  const out: unknown[] = [];
  if ("cause" in err) out.push(err.cause);
  if ("meta" in err && typeof err.meta === "object" && err.meta !== null && "driverAdapterError" in err.meta)
    out.push(err.meta.driverAdapterError);
  return out;
}

function saysUnavailable(err: object): boolean {
  const field = (key: string): unknown => (key in err ? (err as Record<string, unknown>)[key] : undefined);
  const code = field("code");
  const originalCode = field("originalCode");
  const kind = field("kind");
  const message = field("message");
  if (typeof code === "string" && (UNAVAILABLE_PRISMA_CODES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code)))
    return true;
  for (const c of [code, originalCode]) if (typeof c === "string" && UNAVAILABLE_SQLSTATE.test(c)) return true;
  if (typeof kind === "string" && UNAVAILABLE_ADAPTER_KINDS.has(kind)) return true;
  if (typeof message === "string") {
    const text = message.toLowerCase();
    if (UNAVAILABLE_MESSAGES.some((m) => text.includes(m))) return true;
  }
  return false;
}

/**
 * Whether an error means the database (or the pooler in front of it) cannot be reached or has no
 * connection for us right now, as opposed to a query that is wrong: the one place that tells them
 * apart, so every route and action answers 503 with Retry-After instead of a 500 while the server
 * is down or restarting, and the same requests succeed once it is back.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  while (queue.length && seen.size < 16) {
    const e = queue.shift();
    if (typeof e !== "object" || e === null || seen.has(e)) continue;
    seen.add(e);
    if (saysUnavailable(e)) return true;
    queue.push(...nested(e));
  }
  return false;
}

/** PostgreSQL's SQLSTATE of an error from a raw query (Prisma's P2010 carries it as originalCode). */
function rawSqlState(err: unknown): string | null {
  if (typeof err !== "object" || err === null || !("code" in err) || err.code !== "P2010" || !("meta" in err)) return null;
  return /"originalCode":"(\w{5})"/.exec(JSON.stringify(err.meta))?.[1] ?? null;
}

/** Whether a database error is a unique-constraint violation: P2002 from Prisma's own queries,
 * P2010 carrying PostgreSQL's 23505 from raw ones. Callers turn it into a 409 (a duplicate e-mail,
 * team name or subdomain), which is how races between two requests are settled. */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err === "object" && err !== null && "code" in err && err.code === "P2002") return true;
  return rawSqlState(err) === "23505";
}

/** app_submit_response found its survey closed by a fold that ran while it stored the answers
 * (SQLSTATE PW001, prisma/migrations/*_pending_pool): everything it wrote was undone. */
export function isClosedDuringSubmit(err: unknown): boolean {
  return rawSqlState(err) === "PW001";
}

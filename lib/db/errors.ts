/** Whether a database error is a unique-constraint violation: P2002 from Prisma's own queries,
 * P2010 carrying PostgreSQL's 23505 from raw ones. Callers turn it into a 409 (a duplicate e-mail,
 * team name or subdomain), which is how races between two requests are settled. */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== "object" || err === null || !("code" in err)) return false;
  if (err.code === "P2002") return true;
  return err.code === "P2010" && "meta" in err && JSON.stringify(err.meta).includes('"originalCode":"23505"');
}

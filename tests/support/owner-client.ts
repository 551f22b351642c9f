import { afterAll, beforeAll } from "vitest";
import pg from "pg";

/** A connection as the database owner, to look past row-level security in assertions (pg-boss's
 * job table, raw rows). Opened before and closed after the calling test file. */
export function ownerClient(): () => pg.Client {
  let client: pg.Client | undefined;
  beforeAll(async () => {
    client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
  });
  return () => {
    if (!client) throw new Error("ownerClient() is used before its beforeAll ran");
    return client;
  };
}

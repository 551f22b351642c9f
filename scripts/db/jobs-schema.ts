// Installs pg-boss's schema and our queues as the owner, then lets the application role use them
// (it only reads and writes jobs; it never creates tables).
import PgBoss from "pg-boss";
import pg from "pg";
import { APP_ROLE } from "@/lib/config/database-urls";
import { QUEUES } from "@/lib/jobs/queues";

export async function installJobsSchema(ownerUrl: string): Promise<void> {
  const boss = new PgBoss({ connectionString: ownerUrl, migrate: true, supervise: false, schedule: false, max: 2 });
  await boss.start();
  try {
    for (const q of Object.values(QUEUES)) {
      const existing = await boss.getQueue(q.name);
      if (!existing) await boss.createQueue(q.name, { name: q.name, ...q.options });
    }
  } finally {
    await boss.stop({ graceful: false, wait: true });
  }
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const role = client.escapeIdentifier(APP_ROLE);
    await client.query(`GRANT USAGE ON SCHEMA pgboss TO ${role}`);
    await client.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA pgboss TO ${role}`);
    await client.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA pgboss TO ${role}`);
    await client.query(`GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA pgboss TO ${role}`);
  } finally {
    await client.end();
  }
}

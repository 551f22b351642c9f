// `npm run db:prepare`: everything a database needs before web instances and workers serve from it
// (migrations, the application role's login, the job queues' schema, the built-in library), as
// `npm start` does on its embedded database. For a deployment: run it once per release, from one
// machine (pulsewell-migrate.service); instances answer /api/ready with 503 until it has run.
import { existsSync } from "node:fs";
import path from "node:path";
import { prepareDatabase } from "./prepare";

const root = path.resolve(import.meta.dirname, "../..");
if (existsSync(path.join(root, ".env"))) process.loadEnvFile(path.join(root, ".env"));

async function main(): Promise<void> {
  const ownerUrl = process.env.DATABASE_URL;
  const authSecret = process.env.AUTH_SECRET;
  if (!ownerUrl || !authSecret)
    throw new Error("Set DATABASE_URL (the schema owner's URL, not through PgBouncer) and AUTH_SECRET.");
  const { applied } = await prepareDatabase(ownerUrl, authSecret, process.env.DATABASE_APP_URL || undefined);
  console.log(applied.length ? `Applied migrations: ${applied.join(", ")}` : "No pending migrations.");
  console.log("Database prepared.");
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

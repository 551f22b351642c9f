// `npm run db:migrate`: applies pending migrations to DATABASE_URL (the schema owner's URL), the
// offline stand-in for `prisma migrate deploy` (see scripts/db/migrate.ts).
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { applyMigrations } from "./migrate";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
if (existsSync(path.join(root, ".env"))) process.loadEnvFile(path.join(root, ".env"));

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url)
    throw new Error(
      "DATABASE_URL is not set: give the URL of the database to migrate (its schema owner), e.g.\n  DATABASE_URL=postgresql://owner:secret@localhost:5432/pulsewell npm run db:migrate",
    );
  const applied = await applyMigrations(url);
  if (applied.length === 0) console.log("No pending migrations.");
  else console.log(`Applied ${applied.length} migration(s):\n${applied.map((m) => `  ${m}`).join("\n")}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

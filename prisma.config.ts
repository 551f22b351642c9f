// Prisma CLI configuration (Prisma 7 keeps connection settings out of schema.prisma).
// Only `prisma generate` is run through the CLI here; migrations are applied by scripts/db/migrate.ts.
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/pulsewell" },
});

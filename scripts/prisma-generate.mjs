// Runs `prisma generate` offline. The Prisma CLI checks for its native schema engine at start and
// would try to download it (impossible here); generation does not use it, so any existing file will
// do. Migrations use the wasm engine instead (scripts/db/migrate.ts).
import { spawnSync } from "node:child_process";

const env = { ...process.env };
env.PRISMA_SCHEMA_ENGINE_BINARY ??= process.execPath;
env.PRISMA_HIDE_UPDATE_MESSAGE = "1";
const result = spawnSync("npx", ["--no-install", "prisma", "generate"], { stdio: "inherit", env });
process.exit(result.status ?? 1);

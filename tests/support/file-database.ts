import { afterAll, inject } from "vitest";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureDatabase } from "../../scripts/lib/embedded-postgres";
import { deriveAppUrl } from "@/lib/config/database-urls";
import { TEST_AUTH_SECRET } from "./constants";

// Each test file: its own database cloned from the migrated template, reached as the
// application role, exactly as the app reaches its own.
const adminUrl = inject("adminUrl");
const name = `t_${randomBytes(6).toString("hex")}`;
await ensureDatabase(adminUrl, name, inject("templateDb"));
const owner = new URL(adminUrl);
owner.pathname = `/${name}`;

process.env.DATABASE_URL = owner.toString();
process.env.DATABASE_APP_URL = deriveAppUrl(owner.toString(), TEST_AUTH_SECRET);
process.env.AUTH_SECRET = TEST_AUTH_SECRET;
process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "pulsewell-test-"));
process.env.ROOT_DOMAIN ??= "localhost:3000";

// pg-boss, once started by code under test, keeps timers alive; stop it when the file ends.
afterAll(async () => {
  const g = globalThis as unknown as { pulsewellBoss?: Promise<{ stop: (o: { graceful: boolean }) => Promise<void> }> };
  if (g.pulsewellBoss) await (await g.pulsewellBoss).stop({ graceful: false });
});

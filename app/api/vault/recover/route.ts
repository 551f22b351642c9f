import { apiRoute } from "@/lib/api/route";
import { recoverVaults } from "@/lib/vault/vault";
import { recoverVaultSchema } from "@/lib/vault/schemas";

// POST /api/vault/recover { recoveryKey } -> { restoredVaults, conversations, notes }: the caller's
// own sealed vaults only. Rate-limited per person like any guessable secret (a recovery key has
// 160 random bits; the limit keeps a stolen session from being a guessing oracle at all). Without
// that key nothing is written.
export const POST = apiRoute(
  { auth: "session", readOnly: "allow", body: recoverVaultSchema, rateLimit: "vaultRecover", writes: false },
  async ({ ctx, body }) => Response.json(await recoverVaults(ctx, body.recoveryKey)),
);

import { apiRoute } from "@/lib/api/route";
import { createRecoveryKey } from "@/lib/vault/vault";

// POST /api/vault/recovery-key -> { recoveryKey, confirmGroup }: shown once; 409
// vault_recovery_key_saved once confirmed. The caller's own vault only.
export const POST = apiRoute({ auth: "session", readOnly: "allow" }, async ({ ctx }) =>
  Response.json(await createRecoveryKey(ctx)),
);

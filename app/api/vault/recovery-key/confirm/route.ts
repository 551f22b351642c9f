import { apiRoute } from "@/lib/api/route";
import { confirmRecoveryKey } from "@/lib/vault/vault";
import { confirmRecoveryKeySchema } from "@/lib/vault/schemas";

// POST /api/vault/recovery-key/confirm { group, value } -> 204; a wrong group -> 400 on "value".
// Confirms only a group of the key shown to this same session: without it nothing is written.
export const POST = apiRoute(
  { auth: "session", readOnly: "allow", body: confirmRecoveryKeySchema, writes: false },
  async ({ ctx, body }) => {
    await confirmRecoveryKey(ctx, body);
    return new Response(null, { status: 204 });
  },
);

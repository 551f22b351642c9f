import { apiRoute } from "@/lib/api/route";
import { vaultStatus } from "@/lib/vault/vault";

// GET /api/vault -> { status: "ready" | "setup" | "locked", sealedVaults }: the caller's own vault.
export const GET = apiRoute({ auth: "session" }, async ({ ctx }) => Response.json(await vaultStatus(ctx)));

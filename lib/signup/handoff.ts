import "server-only";
import { withOrg, type Tx } from "@/lib/db/tenant";
import { consumeToken, issueToken } from "@/lib/auth/tokens";
import { createSession } from "@/lib/auth/sessions";
import { openVaultAtHandoff } from "@/lib/vault/vault";
import type { Tenant } from "@/lib/tenancy/resolve";

// After signup on the main host the new admin is handed to the workspace host with a single-use
// token valid 10 minutes (docs/decisions.md (Accounts and sign-in)).
export const HANDOFF_TTL_MS = 10 * 60 * 1000;

export function issueHandoffToken(tx: Tx, orgId: string, userId: string): Promise<string> {
  return issueToken(tx, orgId, userId, "handoff", HANDOFF_TTL_MS);
}

/**
 * Spends a handoff token of this workspace and opens a session for its user. Tokens are looked up
 * within the Host's organisation only, so another workspace's token is simply unknown here.
 */
export async function redeemHandoff(
  tenant: Tenant,
  token: string,
  userAgent: string | null,
): Promise<{ userId: string; sessionId: string; vaultSecret: string | null } | null> {
  const opened = await withOrg(tenant.orgId, async (tx) => {
    const userId = await consumeToken(tx, tenant.orgId, token, "handoff");
    if (!userId) return null;
    const sessionId = await createSession(tx, tenant.orgId, userId, userAgent);
    return { userId, sessionId };
  });
  if (!opened) return null;
  // The vault made at signup opens into this first session (the token is its one other key).
  const vaultSecret = await openVaultAtHandoff(tenant.orgId, opened.userId, opened.sessionId, token);
  return { ...opened, vaultSecret };
}

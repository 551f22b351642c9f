import type { Role } from "@/lib/generated/prisma/enums";

/** Who is acting, for which organisation: every domain function takes this explicitly. */
export type AuthContext = {
  orgId: string;
  userId: string;
  role: Role;
  sessionId: string;
  /** The session's vault secret from its cookie (lib/vault/): with the Session row's sealed key it
   * opens the person's vault for this request. Absent for sessions that hold no vault key. */
  vaultSecret?: string;
};

export type SessionUserDto = {
  id: string;
  organizationId: string;
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
};

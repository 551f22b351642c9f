import type { Role } from "@/lib/generated/prisma/enums";

/** Who is acting, for which organisation: every domain function takes this explicitly. */
export type AuthContext = {
  orgId: string;
  userId: string;
  role: Role;
  sessionId: string;
};

export type SessionUserDto = {
  id: string;
  organizationId: string;
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
};

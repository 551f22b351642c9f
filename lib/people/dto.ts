import type { Role } from "@/lib/generated/prisma/enums";

// What the people endpoints return: never password hashes or tokens.
export type UserDto = {
  id: string;
  organizationId: string;
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  teamId: string | null;
  managerId: string | null;
  /** 'pending' until the person has set a password from their invitation. */
  status: "active" | "pending";
  invitedAt: string | null;
  createdAt: string;
};

export type TeamDto = {
  id: string;
  organizationId: string;
  name: string;
  managerId: string | null;
  managerName: string | null;
  memberCount: number;
};

export const userSelect = {
  id: true,
  organizationId: true,
  firstName: true,
  lastName: true,
  email: true,
  role: true,
  teamId: true,
  managerId: true,
  passwordSetAt: true,
  invitedAt: true,
  createdAt: true,
} as const;

type UserRow = {
  [K in keyof typeof userSelect]: K extends "passwordSetAt" | "invitedAt"
    ? Date | null
    : K extends "createdAt"
      ? Date
      : K extends "role"
        ? Role
        : K extends "teamId" | "managerId"
          ? string | null
          : string;
};

export function toUserDto(u: UserRow): UserDto {
  return {
    id: u.id,
    organizationId: u.organizationId,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    role: u.role,
    teamId: u.teamId,
    managerId: u.managerId,
    status: u.passwordSetAt ? "active" : "pending",
    invitedAt: u.invitedAt?.toISOString() ?? null,
    createdAt: u.createdAt.toISOString(),
  };
}

export const fullName = (u: { firstName: string; lastName: string; email?: string }) =>
  `${u.firstName} ${u.lastName}`.trim() || u.email || "User";

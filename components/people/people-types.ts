// What the user management island receives from the server page.
import type { TeamDto, UserDto } from "@/lib/people/dto";

export type { TeamDto, UserDto };

/** A possible 'Reports To' / team manager: managers and admins. */
export type Leader = { id: string; name: string; role: "admin" | "manager" };

export type PeopleContext = {
  orgId: string;
  currentUserId: string;
  canManage: boolean;
  userCount: number;
  maxUsers: number;
  /** billing.manage: may buy a seat when all are taken ('Add a seat' in the Add User dialog). */
  canManageBilling?: boolean;
  minGroupSize: number;
  teams: TeamDto[];
  leaders: Leader[];
};

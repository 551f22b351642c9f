import { z } from "zod";
import { isSafeName, NAME_MESSAGE } from "@/lib/validation/names";
import { entityId, type Entity } from "@/lib/validation/entity-id";

// Request shapes of the user and team endpoints, shared by the dialogs that post to them.
const CHOOSE = "Please choose from the list";
const optionalId = (entity: Entity) =>
  z
    .union([entityId(entity, CHOOSE), z.literal(""), z.null()], { error: CHOOSE })
    .optional()
    .transform((v) => (v ? v : null));

export const ROLES = ["employee", "manager", "admin"] as const;

export const userInputSchema = z.object({
  firstName: z
    .string({ error: "First name is required" })
    .trim()
    .min(1, "First name is required")
    .max(100, "First name must be at most 100 characters")
    .refine(isSafeName, NAME_MESSAGE),
  lastName: z
    .string({ error: "Last name is required" })
    .trim()
    .min(1, "Last name is required")
    .max(100, "Last name must be at most 100 characters")
    .refine(isSafeName, NAME_MESSAGE),
  email: z
    .string({ error: "Please enter a valid email" })
    .trim()
    .toLowerCase()
    .max(254, "Please enter a valid email")
    .pipe(z.email("Please enter a valid email")),
  role: z.enum(ROLES, "Role must be employee, manager or admin"),
  teamId: optionalId("team"),
  managerId: optionalId("user"),
  organizationId: z.string().optional(),
});
export type UserInput = z.output<typeof userInputSchema>;

export const teamInputSchema = z.object({
  // A team's name is quoted in its members' e-mails (who joined it), so it follows the people's rule.
  name: z
    .string({ error: "Please enter a team name" })
    .trim()
    .min(1, "Please enter a team name")
    .max(100, "Team names are at most 100 characters")
    .refine(isSafeName, NAME_MESSAGE),
  managerId: optionalId("user"),
  organizationId: z.string().optional(),
});
export type TeamInput = z.output<typeof teamInputSchema>;

export const userListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  roles: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(",") : undefined))
    .pipe(z.array(z.enum(ROLES)).optional()),
  limit: z.coerce.number().int().min(1).max(10_000).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});
export type UserListQuery = z.output<typeof userListQuerySchema>;

export const idParams = z.object({ id: entityId("user", CHOOSE) });

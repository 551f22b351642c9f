import { formatNumber } from "@/lib/format";
import { z } from "zod";
import { isSafeName, NAME_MESSAGE } from "@/lib/validation/names";

// Shapes of the bulk import, shared by the browser (CSV preview, progress reader) and the server
// (route and domain function), so both sides validate a row with the same rules and messages.

export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 10_000;
/** The JSON of 10,000 rows stays well under this; the CSV itself is capped at 5 MB. */
export const MAX_IMPORT_BODY_BYTES = 6 * 1024 * 1024;

// Imported people are employees (default) or managers; admins are never made by import.
const IMPORT_ROLES = ["employee", "manager"] as const;

const blankToUndefined = (v: string | null | undefined) => (v ? v : undefined);
const email = (message: string) =>
  z.string().trim().toLowerCase().max(254, "Email is at most 254 characters").pipe(z.email(message));

/** One person to import. */
export const importRowSchema = z.object({
  firstName: z
    .string("First name is required")
    .trim()
    .min(1, "First name is required")
    .max(100, "First name is at most 100 characters")
    .refine(isSafeName, NAME_MESSAGE),
  lastName: z
    .string("Last name is required")
    .trim()
    .min(1, "Last name is required")
    .max(100, "Last name is at most 100 characters")
    .refine(isSafeName, NAME_MESSAGE),
  email: z.string("Email is required").trim().min(1, "Email is required").pipe(email("Invalid email address")),
  role: z
    .string()
    .trim()
    .toLowerCase()
    .nullish()
    .transform((v) => v || "employee")
    .pipe(z.enum(IMPORT_ROLES, "Role must be employee or manager")),
  // A department becomes a team, whose name follows the people's rule (lib/people/schemas.ts).
  department: z
    .string()
    .trim()
    .max(100, "Department is at most 100 characters")
    .refine(isSafeName, NAME_MESSAGE)
    .nullish()
    .transform(blankToUndefined),
  managerEmail: z
    .string()
    .trim()
    .nullish()
    .transform(blankToUndefined)
    .pipe(email("Invalid manager email address").optional()),
});
export type ImportRow = z.output<typeof importRowSchema>;

/** A row as posted: the first client's fields plus, from our own client, the CSV line it came from so the
 * server's messages can point at the same line the preview showed. */
export const importRequestRowSchema = importRowSchema.extend({ line: z.number().int().positive().optional() });
export type ImportRequestRow = z.output<typeof importRequestRowSchema>;

// Rows are checked one by one by the domain function (a bad row is a failed row, not a failed
// request), so the body schema only fixes the envelope and its size.
export const bulkImportBodySchema = z
  .object({
    users: z
      .array(z.unknown(), "users must be a list of rows")
      .min(1, "There are no users to import")
      .max(MAX_IMPORT_ROWS, `At most ${formatNumber(MAX_IMPORT_ROWS)} users can be imported at once`),
    organizationId: z.string().optional(),
    /** The admin confirmed importing the template's example people (lib/people/bulk-import-sample.ts). */
    includeSampleRows: z.boolean("includeSampleRows must be true or false").optional(),
  })
  .strict();

/** The import result; `warnings` is ours: people imported with a caveat (a manager
 * e-mail nobody has, a team that already has a manager), so `errors` stays failures only.
 * `imported` (who was added) and `invited` (invitation e-mails queued) are ours too, so the page
 * can say what happened. */
export const importResultSchema = z.object({
  successful: z.number().int().min(0),
  failed: z.number().int().min(0),
  total: z.number().int().min(0),
  errors: z.array(z.string()),
  warnings: z.array(z.string()),
  imported: z.array(
    z.object({ firstName: z.string(), lastName: z.string(), email: z.string(), role: z.enum(IMPORT_ROLES) }),
  ),
  invited: z.number().int().min(0),
});
export type ImportResult = z.output<typeof importResultSchema>;

const IMPORT_PHASES = ["validating", "writing", "inviting"] as const;
type ImportPhase = (typeof IMPORT_PHASES)[number];
export type ImportProgress = { phase: ImportPhase; done: number; total: number };

/** One line of the application/x-ndjson answer. */
export const importEventSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("progress"),
    phase: z.enum(IMPORT_PHASES),
    done: z.number().int().min(0),
    total: z.number().int().min(0),
  }),
  z.object({ type: z.literal("result") }).extend(importResultSchema.shape),
  z.object({ type: z.literal("error"), status: z.number().int(), code: z.string(), message: z.string() }),
]);
export type ImportEvent = z.output<typeof importEventSchema>;

export const NDJSON = "application/x-ndjson";

import { formatNumber } from "@/lib/format";
import { z } from "zod";
import { entityId } from "@/lib/validation/entity-id";
import { calendarDay } from "@/lib/validation/calendar-day";

// Request bodies of the agenda, action-item, private-note and suggestion-review routes,
// shared by the routes and the client forms. Client-safe: no server code.

const TALKING_POINT_MAX = 300;
const ACTION_ITEM_MAX = 500;
/** Our own limit: about eight pages, far more than a private note needs, and under the
 * wrapper's default body limit even in three-byte UTF-8. */
const PRIVATE_NOTE_MAX = 20_000;

const talkingPointText = z
  .string({ error: "Talking point must be text" })
  .trim()
  .min(1, "Talking point is required")
  .max(TALKING_POINT_MAX, `Talking point is at most ${TALKING_POINT_MAX} characters`);

export const talkingPointInputSchema = z.object({ text: talkingPointText }).strict();
export type TalkingPointInput = z.output<typeof talkingPointInputSchema>;

export const agendaItemPatchSchema = z
  .object({
    done: z.boolean({ error: "done must be true or false" }).optional(),
    text: talkingPointText.optional(),
  })
  .strict()
  .refine((v) => v.done !== undefined || v.text !== undefined, { message: "Nothing to change", path: ["done"] });
export type AgendaItemPatch = z.output<typeof agendaItemPatchSchema>;

export const agendaOrderSchema = z
  .object({
    itemIds: z
      .array(entityId("agendaItem", "Each agenda item id must be a UUID"), {
        error: "itemIds must be a list of agenda item ids",
      })
      .max(500, "itemIds must be the meeting's agenda items"),
  })
  .strict();
export type AgendaOrder = z.output<typeof agendaOrderSchema>;

const actionText = z
  .string({ error: "Action item must be text" })
  .trim()
  .min(1, "Action item is required")
  .max(ACTION_ITEM_MAX, `Action item is at most ${ACTION_ITEM_MAX} characters`);

const dueDateSchema = calendarDay("Due date must be a date (YYYY-MM-DD)");

const ownerId = entityId("user", "Owner must be you or the other person of the meeting");

export const actionItemInputSchema = z.object({ text: actionText, ownerId, dueDate: dueDateSchema.nullish() }).strict();
export type ActionItemInput = z.output<typeof actionItemInputSchema>;

export const actionItemPatchSchema = z
  .object({
    completed: z.boolean({ error: "completed must be true or false" }).optional(),
    text: actionText.optional(),
    ownerId: ownerId.optional(),
    dueDate: dueDateSchema.nullish(),
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: "Nothing to change", path: ["completed"] });
export type ActionItemPatch = z.output<typeof actionItemPatchSchema>;

export const privateNoteInputSchema = z
  .object({
    body: z
      .string({ error: "Private note must be text" })
      .max(PRIVATE_NOTE_MAX, `Private note is at most ${formatNumber(PRIVATE_NOTE_MAX)} characters`),
  })
  .strict();
export type PrivateNoteInput = z.output<typeof privateNoteInputSchema>;

export const suggestionReviewSchema = z
  .object({
    suggestionId: z
      .string({ error: "suggestionId must be text" })
      .regex(/^[a-z0-9_-]{1,80}$/, "suggestionId must be a suggestion's id"),
    reviewed: z.boolean({ error: "reviewed must be true or false" }),
  })
  .strict();
export type SuggestionReviewInput = z.output<typeof suggestionReviewSchema>;

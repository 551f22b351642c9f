import { z } from "zod";
import { MESSAGE_MAX } from "@/lib/coach/schemas";
import { entityId, entityKey } from "@/lib/validation/entity-id";

// Request bodies of Boss Bot's reply routes (shared by the routes, the e2e fuzz and scripts).

const coachContextSchema = z.object({
  type: z.literal("1on1_prep_analysis", { message: "context.type must be '1on1_prep_analysis'" }),
  meetingId: entityKey("meeting", z.union([z.string().max(200), z.number()]).transform(String)),
  // What the review stored besides the meeting's id: accepted and never read (the server loads the
  // meeting itself), so the browser may leave it out.
  data: z.unknown().optional(),
});

/** A message: 1-4,000 characters after trimming; whitespace only is refused. */
const coachMessageSchema = z
  .string({ message: "Message is required" })
  .trim()
  .min(1, "Message is required")
  .max(MESSAGE_MAX, `Message must be at most ${MESSAGE_MAX} characters`);

/** POST /api/ai-coach/stream and POST /api/ai-coach/chat { message, organizationId, conversationId? }. */
export const coachRequestSchema = z.object({
  message: coachMessageSchema,
  conversationId: entityId("conversation", "conversationId must be a UUID").optional(),
  organizationId: entityId("organization", "organizationId must be a UUID").optional(),
  context: coachContextSchema.optional(),
});
export type CoachRequest = z.infer<typeof coachRequestSchema>;

/** POST /api/chat/messages { conversationId, type, content }. */
export const chatMessageRequestSchema = z
  .object({
    conversationId: entityId("conversation", "conversationId must be a UUID"),
    type: z.literal("user", { message: "type must be 'user'" }),
    content: coachMessageSchema,
  })
  .strict();

import { z } from "zod";
import { entityId } from "@/lib/validation/entity-id";

// Request schemas of the conversation calls, shared by the routes and the client.

/** A message is at most 4,000 characters and not only whitespace (docs/decisions.md (The coach and its privacy)). */
export const MESSAGE_MAX = 4000;
/** A conversation title is at most 50 characters (docs/decisions.md (The coach and its privacy)). */
export const TITLE_MAX = 50;

export const conversationTitleSchema = z
  .string({ message: "Title is required" })
  .trim()
  .min(1, "Title is required")
  .max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`);

/** PATCH /api/chat/conversations/{id}: rename. */
export const renameConversationSchema = z.object({ title: conversationTitleSchema }).strict();

/** POST /api/chat/conversations { userId, organizationId, title }. The title is cut to 50
 * characters by the title rule (47 plus an ellipsis), like a first message. */
export const createConversationSchema = z
  .object({
    userId: entityId("user", "userId must be a UUID").optional(),
    organizationId: entityId("organization", "organizationId must be a UUID").optional(),
    title: z
      .string({ message: "Title is required" })
      .trim()
      .min(1, "Title is required")
      .max(MESSAGE_MAX, `Title must be at most ${MESSAGE_MAX} characters`),
  })
  .strict();

const sourceSchema = z.object({
  id: z.string().min(1).max(200),
  title: z.string().max(500),
  category: z.string().max(100),
  source: z.enum(["org", "builtin"]),
});

/** What addMessage stores: a user message is 1-4,000 characters; an AI reply may be longer (and
 * empty when a stopped stream delivered nothing). */
export const addMessageSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("user"),
    content: z
      .string()
      .trim()
      .min(1, "Message is required")
      .max(MESSAGE_MAX, `Message must be at most ${MESSAGE_MAX} characters`),
    sources: z.array(sourceSchema).max(50).optional(),
  }),
  z.object({
    type: z.literal("ai"),
    content: z.string().max(100_000),
    sources: z.array(sourceSchema).max(50).optional(),
  }),
]);

export type AddMessageInput = z.input<typeof addMessageSchema>;

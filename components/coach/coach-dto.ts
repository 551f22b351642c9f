import { z } from "zod";
import type { UIMessage } from "ai";

// The coach API's answers as the browser reads them (the routes' response shapes): parsed at the edge
// so a drift between server and client fails loudly instead of rendering undefined.

export const sourceSchema = z.object({
  id: z.string(),
  title: z.string(),
  category: z.string(),
  source: z.enum(["org", "builtin"]),
});
export type Source = z.infer<typeof sourceSchema>;

export const conversationSchema = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: z.string(),
  lastMessageAt: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;
export const conversationListSchema = z.array(conversationSchema);

const chatMessageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  type: z.enum(["user", "ai"]),
  content: z.string(),
  sources: z.array(sourceSchema).default([]),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;
export const chatMessageListSchema = z.array(chatMessageSchema);

/** The assistant message's metadata on the stream: which conversation the reply belongs to. */
export const coachMetadataSchema = z.object({
  conversationId: z.string().optional(),
  userMessageId: z.string().optional(),
  createdAt: z.string().optional(),
});
type CoachMetadata = z.infer<typeof coachMetadataSchema>;

type CoachDataParts = { sources: Source[] };
export type CoachUIMessage = UIMessage<CoachMetadata, CoachDataParts>;

/** The longest message the server accepts (docs/decisions.md (The coach and its privacy)). */
export const MAX_MESSAGE_CHARS = 4000;

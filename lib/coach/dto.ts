// What the Boss Bot conversation calls return: plaintext for the author only, never key material.
export type ConversationDto = { id: string; title: string; createdAt: string; lastMessageAt: string };

export type SourceDto = { id: string; title: string; category: string; source: "org" | "builtin" };

export type ChatMessageDto = {
  id: string;
  conversationId: string;
  type: "user" | "ai";
  content: string;
  sources: SourceDto[];
  createdAt: string;
};

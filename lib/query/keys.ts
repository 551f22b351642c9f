/**
 * Every TanStack Query key in one place, so a mutation can invalidate exactly what it changed
 * without retyping array literals. Keys are prefixes of each other on purpose: invalidating
 * `allNotifications()` also refreshes every `notifications(userId, orgId)` list.
 */
export const queryKeys = {
  session: () => ["session"] as const,
  allNotifications: () => ["notifications"] as const,
  notifications: (userId: string, organizationId: string) => ["notifications", userId, organizationId] as const,
  allUsers: () => ["users"] as const,
  users: (organizationId: string, search: string, page: number) => ["users", organizationId, search, page] as const,
  allLibrary: () => ["leadership-content"] as const,
  library: (organizationId: string, q: string, type: string, category: string, source: string) =>
    ["leadership-content", organizationId, q, type, category, source] as const,
  coachConversations: (userId: string) => ["coach", "conversations", userId] as const,
  coachMessages: (conversationId: string) => ["coach", "messages", conversationId] as const,
  /** Focus areas of every scope: invalidated when a plan is made or changes. */
  allFocusAreas: () => ["focus-areas"] as const,
  /** One scope's focus areas: a team's id, or "org". */
  focusAreas: (scope: string) => ["focus-areas", scope] as const,
  /** The signed-in person's private vault (its status and sealed count). */
  vault: () => ["vault"] as const,
} as const;

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
} as const;

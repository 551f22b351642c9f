import { z } from "zod";

/**
 * One notification as the API sends it (GET /api/notifications/{userId}/{organizationId} lists these,
 * newest first; PATCH /api/notifications/{id}/read returns one). Shared by server and client so
 * both sides agree on the shape.
 */
export const notificationDtoSchema = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  actionUrl: z.string().nullable(),
  actionText: z.string().nullable(),
});

export const notificationListSchema = z.array(notificationDtoSchema);

export type NotificationDto = z.infer<typeof notificationDtoSchema>;

import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { notFound } from "@/lib/errors/domain-error";
import { listNotifications, markNotificationRead } from "@/lib/notifications/service";

// Next requires one slug name per level, so the API's two shapes share this file:
//   GET   /api/notifications/{userId}/{organizationId}  -> the caller's own notifications
//   PATCH /api/notifications/{id}/read   body { userId } -> marks one read
export const GET = apiRoute(
  { auth: "session", params: z.object({ key: z.uuid(), sub: z.uuid() }) },
  async ({ ctx, params }) => listNotifications(ctx, params.key, params.sub),
);

export const PATCH = apiRoute(
  {
    auth: "session",
    params: z.object({ key: z.uuid(), sub: z.literal("read") }),
    body: z.object({ userId: z.uuid().optional() }).strict(),
  },
  async ({ ctx, params, body }) => {
    // The body's userId is the first client's (docs/decisions.md (The API's addresses)); the server
    // only ever acts for the signed-in user.
    if (body.userId && body.userId !== ctx.userId) throw notFound("Notification");
    return markNotificationRead(ctx, params.key);
  },
);

import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { listNotifications, markNotificationRead } from "@/lib/notifications/service";
import { entityId } from "@/lib/validation/entity-id";

// Next requires one slug name per level, so the API's two shapes share this file:
//   GET   /api/notifications/{userId}/{organizationId}  -> the caller's own notifications
//   PATCH /api/notifications/{id}/read   body { userId } -> marks one read
// Another user's or organisation's id is 404 (the wrapper's ownUser and organisation checks). The
// body's userId is the first client's (docs/decisions.md (The API's addresses)); the server only
// ever acts for the signed-in user.
export const GET = apiRoute(
  {
    auth: "session",
    params: z.object({ key: entityId("user"), sub: entityId("organization") }),
    ownUser: ["key"],
  },
  async ({ ctx, params }) => listNotifications(ctx, params.key, params.sub),
);

// Marking read only dismisses: allowed read-only.
export const PATCH = apiRoute(
  {
    auth: "session",
    readOnly: "allow",
    params: z.object({ key: entityId("notification"), sub: z.literal("read") }),
    body: z.object({ userId: entityId("user").optional() }).strict(),
  },
  async ({ ctx, params }) => markNotificationRead(ctx, params.key),
);

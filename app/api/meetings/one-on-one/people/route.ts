import { apiRoute } from "@/lib/api/route";
import { listSchedulablePeople } from "@/lib/one-on-one/meetings";

// 'Schedule New': whom the caller may schedule with (never themselves).
export const GET = apiRoute({ auth: "session", permission: "oneOnOnes.schedule" }, async ({ ctx }) =>
  listSchedulablePeople(ctx),
);

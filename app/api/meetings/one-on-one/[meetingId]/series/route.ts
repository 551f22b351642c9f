import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { listSeriesMeetings } from "@/lib/one-on-one/meetings";
import { seriesMeetingsQuerySchema } from "@/lib/one-on-one/meeting-schemas";
import { entityId } from "@/lib/validation/entity-id";

const params = z.object({ meetingId: entityId("meeting") });

// The other meetings of this meeting's series, upcoming or past, paged; 404 outside the pair.
export const GET = apiRoute(
  { auth: "session", permission: "oneOnOnes.use", params, query: seriesMeetingsQuerySchema },
  async ({ ctx, params, query }) => listSeriesMeetings(ctx, params.meetingId, query),
);

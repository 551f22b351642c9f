import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { managerSuggestions } from "@/lib/one-on-one/manager-suggestions";
import { entityKey } from "@/lib/validation/entity-id";

// The manager's suggestions for a meeting (ManagerSuggestionsDto). Manager only.
const params = z.object({ meetingId: entityKey("meeting") });

export const GET = apiRoute({ auth: "session", permission: "oneOnOnes.use", params }, async ({ ctx, params }) =>
  managerSuggestions(ctx, params.meetingId),
);

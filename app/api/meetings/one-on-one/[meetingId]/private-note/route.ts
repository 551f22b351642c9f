import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { getPrivateNote, savePrivateNote } from "@/lib/one-on-one/private-notes";
import { privateNoteInputSchema } from "@/lib/one-on-one/notes-schemas";
import { entityKey } from "@/lib/validation/entity-id";

// The caller's own private note on the meeting ({body, updatedAt} | null); PUT saves it (an empty body deletes it).
const params = z.object({ meetingId: entityKey("meeting") });

export const GET = apiRoute({ auth: "session", permission: "oneOnOnes.use", params }, async ({ ctx, params }) =>
  getPrivateNote(ctx, params.meetingId),
);

// 20,000 characters of three-byte UTF-8 exceed the 64 KiB default: a long note gets the field's
// message (400), not a refusal of the whole body.
export const PUT = apiRoute(
  {
    auth: "session",
    readOnly: "refuse",
    permission: "oneOnOnes.use",
    params,
    body: privateNoteInputSchema,
    maxBodyBytes: 256 * 1024,
  },
  async ({ ctx, params, body }) => savePrivateNote(ctx, params.meetingId, body),
);

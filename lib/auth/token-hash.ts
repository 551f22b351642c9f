import { createHash } from "node:crypto";

// Single-use tokens travel in links; only this SHA-256 of them is kept with what they unlock. The
// outbox holds a message's link only until it is delivered (lib/mail/deliver.ts blanks it), so a
// copy of the database yields no usable link beyond mail still waiting to go out. A pure function
// with no secret, so scripts and tests may use it too.
export const hashToken = (raw: string) => createHash("sha256").update(raw, "utf8").digest("hex");

import { createHash } from "node:crypto";

// Single-use tokens travel in links; only this SHA-256 of them is stored, so a database leak yields
// no usable links. A pure function with no secret, so scripts and tests may use it too.
export const hashToken = (raw: string) => createHash("sha256").update(raw, "utf8").digest("hex");

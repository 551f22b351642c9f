import { PART_A } from "./part-a";
import { PART_B } from "./part-b";
import type { BuiltinItem } from "./types";

export type { BuiltinItem } from "./types";
export { builtinMarkdown } from "./types";

/** Pulsewell's built-in leadership library: read by every organisation's coach. */
export const BUILTIN_LIBRARY: BuiltinItem[] = [...PART_A, ...PART_B];

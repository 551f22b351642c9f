import type { BuiltinItem } from "./types";

export const PART_B: BuiltinItem[] = [];

import type { BuiltinItem } from "./types";

export const PART_A: BuiltinItem[] = [];

// Attacker/victim entries for the people routes.
import type { RouteEntry } from "./types";

export const peopleRoutes: RouteEntry[] = [];

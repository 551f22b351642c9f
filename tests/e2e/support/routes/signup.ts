// Attacker/victim entries for the signup routes.
import type { RouteEntry } from "./types";

export const signupRoutes: RouteEntry[] = [];

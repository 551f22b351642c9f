// Attacker/victim entries for the bulk-import routes.
import type { RouteEntry } from "./types";

export const bulkImportRoutes: RouteEntry[] = [];

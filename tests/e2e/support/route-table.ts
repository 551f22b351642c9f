// Every /api route and method, with how an attacker of organisation A would aim it at
// organisation B. api-isolation.spec.ts fails when a route file exports a method missing here.
// Each area keeps its entries in routes/<area>.ts.
import { foundationRoutes } from "./routes/foundation";
import { signupRoutes } from "./routes/signup";
import { peopleRoutes } from "./routes/people";
import { bulkImportRoutes } from "./routes/bulk-import";
import { customSurveyRoutes } from "./routes/surveys-custom";
import { surveyRoundRoutes } from "./routes/surveys-rounds";
import { analyticsRoutes } from "./routes/analytics";
import { surveyTakingRoutes } from "./routes/surveys-taking";
import { surveyResultsRoutes } from "./routes/surveys-results";
import { libraryRoutes } from "./routes/library";
import { coachRoutes } from "./routes/coach";
import { vaultRoutes } from "./routes/vault";
import { coachAiRoutes } from "./routes/coach-ai";
import { aiRoutes } from "./routes/ai";
import { oneOnOnePrepRoutes } from "./routes/one-on-one-prep";
import { oneOnOneNotesRoutes } from "./routes/one-on-one-notes";
import { oneOnOneMeetingRoutes } from "./routes/one-on-one-meetings";
import { billingRoutes } from "./routes/billing";
import type { RouteEntry } from "./routes/types";

export type { Attack, Caller, RouteEntry } from "./routes/types";

export function routeTable(): RouteEntry[] {
  return [
    ...foundationRoutes,
    ...signupRoutes,
    ...peopleRoutes,
    ...bulkImportRoutes,
    ...customSurveyRoutes,
    ...surveyRoundRoutes,
    ...analyticsRoutes,
    ...surveyTakingRoutes,
    ...surveyResultsRoutes,
    ...libraryRoutes,
    ...coachRoutes,
    ...coachAiRoutes,
    ...vaultRoutes,
    ...aiRoutes,
    ...oneOnOnePrepRoutes,
    ...oneOnOneNotesRoutes,
    ...oneOnOneMeetingRoutes,
    ...billingRoutes,
  ];
}

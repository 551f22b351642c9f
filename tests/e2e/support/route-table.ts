// The hand-written attacks of the attacker/victim test: how an attacker of organisation A aims B's
// ids at each route. Which attacks a route needs is read from its declaration (one per input that
// names a row: support/declared-routes.ts); api-isolation.spec.ts fails when one is missing or an
// entry aims at a route or input that does not exist. Each area keeps its entries in routes/<area>.ts.
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
import { planRoutes } from "./routes/plans";
import type { Attack, RouteEntry } from "./routes/types";
import { requiredKinds, takesInput, routeKey, type DeclaredRoute } from "./declared-routes";

export type { Caller, RouteEntry } from "./routes/types";

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
    ...planRoutes,
    ...billingRoutes,
  ];
}

const aimsOf = (a: Attack): string[] => (Array.isArray(a.aims) ? a.aims : [a.aims]);

/** What is wrong between the declared routes and the table: a route input no attack aims at, an
 * attack aimed at an input the route does not have, an entry for no route. Empty when the table
 * covers every route. */
export function tableProblems(routes: DeclaredRoute[], table: RouteEntry[]): string[] {
  const problems: string[] = [];
  const byKey = new Map(routes.map((r) => [r.key, r]));
  const seen = new Set<string>();
  for (const entry of table) {
    const key = routeKey(entry.method, entry.file);
    const route = byKey.get(key);
    if (seen.has(key)) problems.push(`${key}: listed twice`);
    seen.add(key);
    if (!route?.declaration) {
      problems.push(`${key}: an entry for no route built with apiRoute()`);
      continue;
    }
    for (const aim of entry.attacks.flatMap((a) => aimsOf(a)))
      if (!takesInput(route, aim)) problems.push(`${key}: an attack aims at ${aim}, which the route does not take`);
  }
  for (const route of routes) {
    const aimed = new Set(
      table.filter((e) => routeKey(e.method, e.file) === route.key).flatMap((e) => e.attacks.flatMap((a) => aimsOf(a))),
    );
    for (const { kind, entity } of requiredKinds(route))
      if (!aimed.has(kind)) problems.push(`${route.key}: no attack aims another organisation's ${entity} at ${kind}`);
  }
  return problems;
}

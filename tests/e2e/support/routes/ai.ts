// Attacker/victim entries for the AI routes of the content library: auto-analysis reads and
// writes nothing of any organisation, so the only attack is naming the victim's organisation,
// which the wrapper answers as not found (before any model is called).
import type { RouteEntry } from "./types";

export const aiRoutes: RouteEntry[] = [
  {
    file: "app/api/ai/categorize-content/route.ts",
    method: "POST",
    attacks: [
      {
        aims: "body:organizationId",
        send: ({ victim, call }) =>
          call("POST", "/api/ai/categorize-content", {
            content: "How to run a difficult conversation about missed deadlines with a report.",
            organizationId: victim.orgId,
          }),
        expected: [404],
      },
    ],
  },
];

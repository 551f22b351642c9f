import { apiRoute } from "@/lib/api/route";
import { pulseOverview } from "@/lib/analytics/pulse";
import { pulseCsv } from "@/lib/analytics/csv";
import { pulseQuery } from "@/lib/analytics/pulse-schemas";

// The heatmap as CSV: the same rows and the same hidden cells as the page.
export const GET = apiRoute(
  { auth: "session", permission: "analytics.view", query: pulseQuery },
  async ({ ctx, query }) => {
    const overview = await pulseOverview(ctx, query.round, query.segment);
    const day = new Date().toISOString().slice(0, 10);
    return new Response(pulseCsv(overview), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="pulse-overview-${day}.csv"`,
        "Cache-Control": "no-store",
      },
    });
  },
);

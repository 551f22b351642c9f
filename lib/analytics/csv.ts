// The Pulse Overview export: the rows exactly as the page shows them, hidden cells included as
// 'hidden' (never their values).
import { DIMENSIONS } from "@/lib/surveys/dimensions";
import type { PulseCell, PulseOverview } from "@/lib/analytics/pulse-types";
import { plural } from "@/lib/format";

/** Quotes a field; a leading =, +, - or @ is neutralised so spreadsheets do not run it. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const cell = (c: PulseCell) =>
  c.status === "ok" && c.value !== null ? c.value.toFixed(1) : c.status === "suppressed" ? "hidden" : "";

export function pulseCsv(o: Pick<PulseOverview, "rows" | "selectedLabel" | "minGroupSize">): string {
  const header = ["Team", "Members", "Participation %", "eNPS", ...DIMENSIONS.map((d) => d.label), "Note"];
  const lines = [header.map(csvField).join(",")];
  for (const r of o.rows) {
    const note =
      r.reason === "below-minimum"
        ? `Fewer than ${plural(o.minGroupSize, "response")}`
        : r.reason === "complementary"
          ? "Hidden to protect a smaller group"
          : "";
    const fields = [
      r.name,
      String(r.memberCount),
      r.participation === null
        ? r.suppressed
          ? "hidden"
          : ""
        : `${r.participationAtLeast ? ">=" : ""}${r.participation}`,
      cell(r.enps),
      ...DIMENSIONS.map((d) => cell(r.dimensions[d.key])),
      note,
    ];
    lines.push(fields.map(csvField).join(","));
  }
  return lines.join("\r\n") + "\r\n";
}

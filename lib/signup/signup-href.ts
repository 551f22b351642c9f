// Turns the landing page's lead form into the signup address that prefills signup's first step.
// Pure, so the server action and any client code build the same address.

export type Lead = { companyName: string; name: string; workEmail: string; teamSize?: number };

/** Splits "your name" at the first space: "Ada King Lovelace" -> "Ada" / "King Lovelace". */
function splitName(name: string): { firstName: string; lastName: string } {
  const trimmed = name.trim().replace(/\s+/g, " ");
  const at = trimmed.indexOf(" ");
  return at < 0
    ? { firstName: trimmed, lastName: "" }
    : { firstName: trimmed.slice(0, at), lastName: trimmed.slice(at + 1) };
}

/** `/signup?companyName=...&firstName=...&lastName=...&workEmail=...&teamSize=...`, empty values left out. */
export function signupHrefFromLead(lead: Lead): string {
  const { firstName, lastName } = splitName(lead.name);
  const entries: [string, string][] = [
    ["companyName", lead.companyName.trim()],
    ["firstName", firstName],
    ["lastName", lastName],
    ["workEmail", lead.workEmail.trim()],
    ["teamSize", lead.teamSize === undefined ? "" : String(lead.teamSize)],
  ];
  const query = new URLSearchParams(entries.filter(([, v]) => v !== "")).toString();
  return query ? `/signup?${query}` : "/signup";
}

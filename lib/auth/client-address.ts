/** The client's address as the nearest proxy saw it: the last X-Forwarded-For entry (earlier
 * entries are whatever the client chose to send), else X-Real-IP. */
export function clientAddress(forwardedFor: string | null, realIp: string | null): string | null {
  const last = forwardedFor
    ?.split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .at(-1);
  const addr = last ?? realIp?.trim() ?? null;
  return addr && addr.length <= 64 ? addr : null;
}

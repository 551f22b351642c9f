/** `s` as a literal inside a regular expression: every character with a meaning there escaped. */
export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

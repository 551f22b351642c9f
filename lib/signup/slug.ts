import { SUBDOMAIN_MAX, subdomainFormatError } from "@/lib/validation/signup-rules";

// The subdomain suggested from a company name, and the alternatives offered when
// a subdomain is taken.

const trimHyphens = (s: string) => s.replace(/^-+|-+$/g, "");

/** Lowercase; letters, digits, spaces and hyphens only; spaces become hyphens; repeated hyphens
 * collapse; no edge hyphens; at most 30 characters. Accents are folded first ("Café" -> "cafe"),
 * since a subdomain only takes ASCII letters. */
export function slugify(companyName: string): string {
  const folded = companyName
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
  const slug = trimHyphens(
    folded
      .replace(/[^a-z0-9\s-]/g, "")
      .replace(/\s+/g, "-")
      .replace(/-+/g, "-"),
  );
  // Cutting at 30 may leave a hyphen at the end again.
  return trimHyphens(slug.slice(0, SUBDOMAIN_MAX));
}

const SUGGESTION_LIMIT = 99;

/** base1..base99, then base-1..base-99, each shortened to stay a valid subdomain; invalid or
 * repeated candidates are left out. */
export function suggestionCandidates(base: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  const add = (suffix: string) => {
    const candidate = `${trimHyphens(base.slice(0, SUBDOMAIN_MAX - suffix.length))}${suffix}`;
    if (candidate === base || seen.has(candidate) || subdomainFormatError(candidate)) return;
    seen.add(candidate);
    out.push(candidate);
  };
  for (let n = 1; n <= SUGGESTION_LIMIT; n++) add(String(n));
  for (let n = 1; n <= SUGGESTION_LIMIT; n++) add(`-${n}`);
  return out;
}

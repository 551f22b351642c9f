import { isReservedSubdomain } from "@/lib/tenancy/host";

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * The workspace subdomains a visitor may mean by what they typed in the finder, best guess first.
 * People paste their whole workspace address ("https://acme.pulsewell.com/login") or type the
 * company's name with spaces ("Acme Corp"), so both are read as well as the bare subdomain.
 */
export function subdomainCandidates(input: string, rootDomain: string, productName?: string): string[] {
  let s = input
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, "");
  s = s.split(/[/?#]/, 1)[0] ?? "";
  const rootName = rootDomain.toLowerCase().split(":", 1)[0] ?? "";
  for (const suffix of [`.${rootDomain.toLowerCase()}`, `.${rootName}`]) {
    if (s.endsWith(suffix)) {
      s = s.slice(0, -suffix.length);
      break;
    }
  }
  const words = s.split(/\s+/).filter(Boolean);
  const guesses = words.length > 1 ? [words.join(""), words.join("-")] : words;
  return [...new Set(guesses)].filter((g) => LABEL.test(g) && !isReservedSubdomain(g, productName));
}

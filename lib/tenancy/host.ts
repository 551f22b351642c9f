// Pure host parsing: which site a Host header names. No I/O, so the proxy, pages and route
// handlers all agree, and it is unit-tested on its own.

export const FALLBACK_TENANT = "freshleadershipworld";

const RESERVED_SUBDOMAINS: ReadonlySet<string> = new Set([
  "www",
  "app",
  "api",
  "admin",
  "mail",
  "smtp",
  "static",
  "assets",
  "cdn",
  "help",
  "support",
  "status",
  "docs",
  "blog",
  "billing",
  "auth",
  "login",
  "signup",
  "dev",
  "staging",
  "test",
]);

export type HostKind =
  | { kind: "main"; local: boolean }
  | { kind: "tenant"; subdomain: string }
  | { kind: "reserved"; subdomain: string }
  | { kind: "unknown" };

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function isReservedSubdomain(sub: string, productName = "pulsewell"): boolean {
  return RESERVED_SUBDOMAINS.has(sub) || sub === productName.toLowerCase();
}

/** Splits "Host" into name and port, lower-cased; null when it is not a plausible host. */
export function splitHost(host: string | null | undefined): { name: string; port: string | null } | null {
  if (!host) return null;
  const h = host.trim().toLowerCase();
  if (h.length === 0 || h.length > 300 || /[\s/@\\]/.test(h)) return null;
  const m = /^(\[[0-9a-f:.]+\]|[^:]+)(?::(\d{1,5}))?$/.exec(h);
  if (!m || !m[1]) return null;
  return { name: m[1].replace(/\.$/, ""), port: m[2] ?? null };
}

/**
 * Classifies a Host header against the root domain ("pulsewell.com", "localhost:3000").
 * The root domain itself, and any loopback host when the root is local, is the main site;
 * `<sub>.<root>` is a tenant unless reserved; anything else is unknown.
 */
export function parseHost(host: string | null | undefined, rootDomain: string, productName = "pulsewell"): HostKind {
  const req = splitHost(host);
  const root = splitHost(rootDomain);
  if (!req || !root) return { kind: "unknown" };
  const rootIsLocal = LOCAL_HOSTS.has(root.name);
  // A port in the root domain must match; without one, any port is accepted (behind a proxy).
  if (root.port && req.port !== root.port) return { kind: "unknown" };

  if (req.name === root.name || (rootIsLocal && LOCAL_HOSTS.has(req.name))) {
    return { kind: "main", local: rootIsLocal };
  }
  const suffix = `.${root.name}`;
  if (!req.name.endsWith(suffix)) return { kind: "unknown" };
  const sub = req.name.slice(0, -suffix.length);
  if (!LABEL.test(sub)) return { kind: "unknown" };
  if (isReservedSubdomain(sub, productName)) return { kind: "reserved", subdomain: sub };
  return { kind: "tenant", subdomain: sub };
}

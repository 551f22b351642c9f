import { forbidden } from "@/lib/errors/domain-error";

/** A state-changing request that a browser may send with cookies must come from this host's own
 * origin: another site cannot make a signed-in browser act (or sign in) here. */
export function checkSameOrigin(req: Request): void {
  if (req.method === "GET" || req.method === "HEAD") return;
  const origin = req.headers.get("origin");
  if (!origin) return;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw forbidden("cross_site_request", "Cross-site request refused");
  }
  if (originHost !== req.headers.get("host")) throw forbidden("cross_site_request", "Cross-site request refused");
}

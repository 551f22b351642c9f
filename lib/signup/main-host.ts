import "server-only";
import { notFound } from "@/lib/errors/domain-error";
import { currentHost } from "@/lib/tenancy/resolve";

/** Signup lives on the main site only; on a workspace host its routes do not exist. */
export async function requireMainHost(): Promise<void> {
  if ((await currentHost()).kind !== "main") throw notFound();
}

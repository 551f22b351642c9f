import type { StripeStandin, StripeStandinOptions } from "./index.ts";

export function createStandin(_opts: StripeStandinOptions): Promise<StripeStandin> {
  return Promise.reject(new Error("stripe stand-in: not implemented yet"));
}

import type { HttpResponse } from "../http";
import type { Workspace } from "../workspace";

export type Caller = (method: string, path: string, body?: unknown) => Promise<HttpResponse>;

export type Attack = {
  /** Sends the request as the attacker (signed in to `attacker`, on the attacker's host). */
  send: (a: { attacker: Workspace; victim: Workspace; cookie: string; call: Caller }) => Promise<HttpResponse>;
  expected: number[];
  /** Checks that the victim's data did not change. */
  unchanged?: (victim: Workspace) => Promise<void>;
};

export type RouteEntry =
  | {
      file: string;
      method: string;
      attacks: Attack[];
      /** The victim-owned path used for "the attacker's cookie on the victim's host" (default: the
       * file path with every [param] replaced by the victim admin's id). */
      victimPath?: (victim: Workspace) => string;
      /** What that request answers (default [401]: the cookie is worth nothing there). Public
       * routes answer as to anyone, so they name their own statuses. */
      crossHostExpected?: number[];
    }
  | { file: string; method: string; exempt: string };

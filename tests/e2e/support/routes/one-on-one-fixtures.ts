// What the 1:1 attacker/victim modules (one-on-one-meetings, -prep, -notes) share. A 1:1 belongs
// to its pair, so besides the other organisation's admin ("foreign", the table's own caller) the
// victim organisation's admin and a second manager of it are outsiders too. Each module keeps its
// own fingerprint of the victim's rows; victimGuard takes it before the first attack and compares
// it after every one.
import { randomUUID } from "node:crypto";
import { runInOrg } from "@/lib/db/org-transaction";
import { hashPassword } from "@/lib/auth/password";
import { hostOf, json, signIn, type HttpResponse } from "../http";
import { e2eDb, PASSWORD, type Workspace } from "../workspace";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Attack, Caller } from "./types";

/** Runs fn in the victim organisation as its manager: row-level security admits the pair's rows. */
export const asVictimManager = <T>(v: Workspace, fn: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> =>
  runInOrg(e2eDb(), v.orgId, fn, undefined, v.manager.id);

export type Outsider = "foreign" | "admin" | "otherManager";
const OUTSIDERS: readonly Outsider[] = ["foreign", "admin", "otherManager"];

const insiderCookies = new Map<string, Promise<string | null>>();

/** The session of the victim organisation's admin, or of a second manager of it who is not part
 * of the victim pair (made once per workspace). */
function insiderCookie(v: Workspace, who: Exclude<Outsider, "foreign">): Promise<string | null> {
  const key = `${v.orgId}:${who}`;
  let cookie = insiderCookies.get(key);
  if (!cookie) {
    cookie = (async () => {
      if (who === "admin") return signIn(v.subdomain, v.admin.email, PASSWORD);
      const email = `quinn.${randomUUID().slice(0, 8)}@${v.subdomain}.example`;
      const passwordHash = await hashPassword(PASSWORD);
      await runInOrg(e2eDb(), v.orgId, (tx) =>
        tx.user.create({
          data: {
            organizationId: v.orgId,
            email,
            firstName: "Quinn",
            lastName: "Tester",
            role: "manager",
            passwordHash,
            passwordSetAt: new Date(),
          },
        }),
      );
      return signIn(v.subdomain, email, PASSWORD);
    })();
    insiderCookies.set(key, cookie);
  }
  return cookie;
}

/** Sends the request as `who`: through the table's attacker for "foreign", else signed in on the
 * victim's own host as its admin or second manager. */
async function sendAs(
  who: Outsider,
  call: Caller,
  v: Workspace,
  method: string,
  path: string,
  body?: unknown,
): Promise<HttpResponse> {
  if (who === "foreign") return call(method, path, body);
  const cookie = await insiderCookie(v, who);
  if (!cookie) throw new Error(`the victim's ${who} could not sign in`);
  return json({ host: hostOf(v.subdomain), path, method, cookie, body });
}

const pairManagerCookies = new Map<string, Promise<string | null>>();

/** Sends the request as a workspace's own manager (of its employee), on its own host: the attacker
 * acting on a 1:1 of their own while naming the victim's rows in it. */
export async function asPairManager(w: Workspace, method: string, path: string, body?: unknown): Promise<HttpResponse> {
  let cookie = pairManagerCookies.get(w.orgId);
  if (!cookie) pairManagerCookies.set(w.orgId, (cookie = signIn(w.subdomain, w.manager.email, PASSWORD)));
  const c = await cookie;
  if (!c) throw new Error("the workspace's manager could not sign in");
  return json({ host: hostOf(w.subdomain), path, method, cookie: c, body });
}

/** `untouched` fails when the victim's fingerprint differs from the one taken first (`what` names
 * the rows in the message); `attack` checks it before the request and after. */
export function victimGuard(fingerprint: (v: Workspace) => Promise<string>, what: string) {
  const first = new Map<string, string>();
  const untouched = async (v: Workspace): Promise<void> => {
    const now = await fingerprint(v);
    const before = first.get(v.orgId);
    if (before === undefined) first.set(v.orgId, now);
    else if (now !== before) throw new Error(`the victim's ${what} changed: ${now}`);
  };
  const attack = (aims: Attack["aims"], send: Attack["send"], expected: number[] = [404]): Attack => ({
    aims,
    send: (args) => untouched(args.victim).then(() => send(args)),
    expected,
    unchanged: untouched,
  });
  return { untouched, attack };
}

/** Builds "the same request from each outsider" for a module: `data` is the victim's rows the
 * paths and bodies name; `check` may reject an answer (e.g. a 200 list that names them). */
export function outsidersFor<T>(
  attack: ReturnType<typeof victimGuard>["attack"],
  data: (v: Workspace) => Promise<T>,
  check?: (res: HttpResponse, d: T, who: Outsider) => void,
) {
  return (
    aims: Attack["aims"],
    method: string,
    path: (d: T, v: Workspace) => string,
    body?: (d: T, v: Workspace) => unknown,
    expected: number[] = [404],
    who: readonly Outsider[] = OUTSIDERS,
  ): Attack[] =>
    who.map((w) =>
      attack(
        aims,
        async ({ victim, call }) => {
          const d = await data(victim);
          const res = await sendAs(w, call, victim, method, path(d, victim), body?.(d, victim));
          check?.(res, d, w);
          return res;
        },
        expected,
      ),
    );
}

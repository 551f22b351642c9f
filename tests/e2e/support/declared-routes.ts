// What the browser tests know about the /api routes, read from the routes' own apiRoute()
// declarations (tests/support/route-declarations.ts): the attacker/victim table and the fuzz test
// derive from here which routes exist, how each is addressed and what each must be attacked with,
// so a new route is covered the moment its file exists.
import type { z } from "zod";
import { entityOf } from "@/lib/validation/entity-id";
import { loadRouteDeclarations, type RouteDeclaration } from "../../support/route-declarations";

export type { RouteDeclaration } from "../../support/route-declarations";

/** One exported method of one route file. */
export type DeclaredRoute = {
  /** "METHOD file", the key of every table that adds to a route. */
  key: string;
  method: string;
  file: string;
  /** Null for a handler not built with apiRoute() (next-auth's, the /api catch-all). */
  declaration: RouteDeclaration | null;
  /** The path's dynamic segments in order: [name] or [...name]. */
  segments: { name: string; catchAll: boolean }[];
};

export const routeKey = (method: string, file: string) => `${method} ${file}`;

/** The URL path of a route file, its segments still in brackets. */
export const urlOf = (file: string) => file.replace(/^app/, "").replace(/\/route\.ts$/, "");

export async function declaredRoutes(): Promise<DeclaredRoute[]> {
  return (await loadRouteDeclarations()).map(({ file, method, declaration }) => ({
    key: routeKey(method, file),
    method,
    file,
    declaration,
    segments: [...file.matchAll(/\[(\.\.\.)?([^\]]+)\]/g)].map((m) => ({ name: m[2]!, catchAll: Boolean(m[1]) })),
  }));
}

// ------------------------------------------------------------------------------------------------
// Reading zod schemas. The route modules are loaded by their own module loader, so their schemas
// may come from another copy of zod than this file's: they are read through their definitions
// (`_zod.def`), never with instanceof; entityOf() reads the entity an id names the same way.

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  values?: unknown[];
};
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The fields of an object schema (through wrappers, unions and intersections), by name. */
export function objectShape(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  if (!schema) return {};
  const def = defOf(schema);
  if (def.type === "object") return def.shape ?? {};
  if (def.innerType) return objectShape(def.innerType);
  if (def.type === "pipe") return objectShape(def.in);
  if (def.type === "union") return Object.assign({}, ...(def.options ?? []).map((o) => objectShape(o)));
  if (def.type === "intersection") return { ...objectShape(def.left), ...objectShape(def.right) };
  return {};
}

/** Every field of a body schema that holds an id of a row, as a dotted path (array elements
 * leave no segment: "audience.teamIds"), with its entity. */
export function referenceFields(schema: z.ZodType | undefined, prefix = ""): { field: string; entity: string }[] {
  if (!schema) return [];
  const out: { field: string; entity: string }[] = [];
  const walk = (s: z.ZodType, at: string, depth: number) => {
    if (depth > 12) return;
    const entity = entityOf(s);
    if (entity && at) {
      out.push({ field: at, entity });
      return;
    }
    const def = defOf(s);
    if (def.type === "object")
      for (const [k, v] of Object.entries(def.shape ?? {})) walk(v, at ? `${at}.${k}` : k, depth + 1);
    else if (def.type === "array" && def.element) walk(def.element, at, depth + 1);
    else if (def.innerType) walk(def.innerType, at, depth + 1);
    else if (def.type === "pipe" && def.in) walk(def.in, at, depth + 1);
    else if (def.type === "union") for (const o of def.options ?? []) walk(o, at, depth + 1);
    else if (def.type === "intersection") {
      if (def.left) walk(def.left, at, depth + 1);
      if (def.right) walk(def.right, at, depth + 1);
    }
  };
  walk(schema, prefix, 0);
  // A field named in two branches of a union counts once.
  return out.filter((r, i) => out.findIndex((x) => x.field === r.field) === i);
}

/** The one value a path parameter's schema allows, when it is a literal ("read"). */
export function literalOf(schema: z.ZodType | undefined): string | undefined {
  for (let s = schema, depth = 0; s && depth < 10; depth++) {
    const def = defOf(s);
    if (def.type === "literal" && def.values?.length === 1 && typeof def.values[0] === "string") return def.values[0];
    s = def.innerType ?? (def.type === "pipe" ? def.in : undefined);
  }
  return undefined;
}

// ------------------------------------------------------------------------------------------------
// Attack kinds.

/** What a hand-written attack aims at: an id-carrying input of the route ("path:teamId",
 * "query:round", "body:audience.teamIds"), or "route" for what no id field says (a token, the
 * caller's own session, a host). */
export type AttackKind = `path:${string}` | `query:${string}` | `body:${string}` | "route";

/** The kinds of attack a route must have a hand-written entry for: one per input that names a
 * row (an entity id, an organisation id, a user id that must be the caller's own). Generic attacks
 * (no session, another host, a foreign Origin) are generated for every route and need none. */
export function requiredKinds(route: DeclaredRoute): { kind: AttackKind; entity: string }[] {
  const d = route.declaration;
  if (!d) return [];
  const out: { kind: AttackKind; entity: string }[] = [];
  const add = (kind: AttackKind, entity: string) => {
    if (!out.some((k) => k.kind === kind)) out.push({ kind, entity });
  };
  const named = (where: "path" | "query" | "body", schema: z.ZodType | undefined) => {
    const shape = objectShape(schema);
    const fields = where === "body" ? referenceFields(schema) : [];
    if (where !== "body")
      for (const [k, v] of Object.entries(shape)) {
        const entity = entityOf(v);
        if (entity) fields.push({ field: k, entity });
      }
    for (const f of fields) add(`${where}:${f.field}`, f.entity);
    for (const k of Object.keys(shape)) {
      if (d.ownOrganization.includes(k)) add(`${where}:${k}`, "organization");
      if (d.ownUser.includes(k)) add(`${where}:${k}`, "user");
    }
  };
  named("path", d.params);
  named("query", d.query);
  named("body", d.body);
  return out;
}

/** Whether an attack may aim at `aim` on this route: an input it takes (a path parameter, a field
 * of the query, a field of the body at any depth), or on a session route an organisation or
 * own-user key, which the wrapper checks in the query and the body whatever the schema says. */
export function takesInput(route: DeclaredRoute, aim: string): boolean {
  if (aim === "route") return true;
  const allowed = allowedKinds(route);
  return allowed.has(aim) || (aim.startsWith("body:") && allowed.has(aim.split(".")[0]!));
}

function allowedKinds(route: DeclaredRoute): Set<string> {
  const kinds = new Set<string>(requiredKinds(route).map((k) => k.kind));
  const d = route.declaration;
  if (!d) return kinds;
  for (const s of route.segments) kinds.add(`path:${s.name}`);
  for (const k of Object.keys(objectShape(d.query))) kinds.add(`query:${k}`);
  for (const k of Object.keys(objectShape(d.body))) kinds.add(`body:${k}`);
  for (const k of [...d.ownOrganization, ...d.ownUser]) {
    kinds.add(`query:${k}`);
    kinds.add(`body:${k}`);
  }
  return kinds;
}

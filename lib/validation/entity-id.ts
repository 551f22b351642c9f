import { z } from "zod";

// An id that names a row says which kind of row, in the schema itself (zod's global metadata
// registry), so the route declarations (lib/api/route.ts) tell tests which path parameters and
// body fields an attacker could aim at another organisation's rows, and the wrapper knows which
// fields name an organisation.

export type Entity =
  | "organization"
  | "user"
  | "team"
  | "survey"
  | "question"
  | "content"
  | "conversation"
  | "meeting"
  | "agendaItem"
  | "actionItem"
  | "prepForm"
  | "notification"
  | "template"
  | "actionPlan"
  | "actionPlanStep";

declare module "zod/v4/core" {
  interface GlobalMeta {
    /** The kind of row this id names (lib/validation/entity-id.ts). */
    entity?: Entity;
  }
}

/** A UUID naming a row of `entity`; `message` is the error for anything else (zod's own when
 * omitted). */
export function entityId(entity: Entity, message?: string) {
  return z.uuid(message === undefined ? undefined : { error: message }).meta({ entity });
}

/** A row reference that is not checked as a UUID at the edge (a malformed one answers 404 from
 * the domain, like a foreign one), or another string schema that names a row: `schema` carries
 * the entity. */
export function entityKey<S extends z.ZodType>(entity: Entity, schema: S): S;
export function entityKey(entity: Entity): z.ZodString;
export function entityKey(entity: Entity, schema: z.ZodType = z.string()): z.ZodType {
  return schema.meta({ entity });
}

type Def = {
  innerType?: unknown;
  in?: unknown;
  out?: unknown;
  options?: readonly unknown[];
  element?: unknown;
};

function isSchema(value: unknown): value is z.ZodType {
  return (
    typeof value === "object" && value !== null && "_zod" in value && typeof (value as z.ZodType).meta === "function"
  );
}

/**
 * The entity a schema names, looking through the wrappers a field is usually built with (optional,
 * nullable, default, pipe, transform, a union whose members agree, an array of ids); undefined
 * when it names none. Structural rather than instanceof, so a schema built by another copy of zod
 * (a test process loading the routes through its own loader) is read alike.
 */
export function entityOf(schema: unknown): Entity | undefined {
  if (!isSchema(schema)) return undefined;
  const own = schema.meta()?.entity;
  if (own) return own;
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  for (const inner of [def.innerType, def.in, def.out, def.element]) {
    const found = entityOf(inner);
    if (found) return found;
  }
  if (def.options) {
    const found = new Set(def.options.map(entityOf).filter((e): e is Entity => e !== undefined));
    if (found.size === 1) return [...found][0];
  }
  return undefined;
}

/** The top-level keys of an object schema (looking through the same wrappers) with the entity
 * each names: { teamId: "team", ... }. Empty for a schema that is no object. */
export function entitiesOf(schema: unknown): Record<string, Entity> {
  if (!isSchema(schema)) return {};
  const def = (schema as unknown as { _zod: { def: Def & { shape?: Record<string, unknown> } } })._zod.def;
  if (def.shape) {
    const out: Record<string, Entity> = {};
    for (const [key, field] of Object.entries(def.shape)) {
      const entity = entityOf(field);
      if (entity) out[key] = entity;
    }
    return out;
  }
  for (const inner of [def.innerType, def.in, def.out]) {
    const found = entitiesOf(inner);
    if (Object.keys(found).length) return found;
  }
  if (def.options) return Object.assign({}, ...def.options.map(entitiesOf)) as Record<string, Entity>;
  return {};
}

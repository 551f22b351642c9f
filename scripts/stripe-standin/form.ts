/** Stripe's form encoding: `a[b][c]=v`, `items[0][price]=p` -> nested objects/arrays. */

export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

function splitKey(key: string): string[] {
  const first = key.indexOf("[");
  if (first <= 0) return [key];
  const parts = [key.slice(0, first)];
  const re = /\[([^\]]*)\]/g;
  for (const m of key.slice(first).matchAll(re)) parts.push(m[1] ?? "");
  return parts;
}

const UNSAFE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/** Parses URL-encoded text into nested objects. Numeric segments make arrays (kept dense, in index order). */
export function parseForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = splitKey(key);
    if (parts.some((p) => UNSAFE_KEYS.has(p))) continue;
    let node: FormObject = root;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i] === "" ? String(Object.keys(node).length) : (parts[i] as string);
      if (i === parts.length - 1) {
        node[part] = value;
      } else {
        const next = node[part];
        if (next === undefined || typeof next === "string" || Array.isArray(next)) {
          const created: FormObject = {};
          node[part] = created;
          node = created;
        } else {
          node = next;
        }
      }
    }
  }
  return arrayify(root) as FormObject;
}

/** Objects whose keys are all integers become arrays. */
function arrayify(value: FormValue): FormValue {
  if (typeof value === "string" || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const out: FormObject = {};
  for (const k of keys) out[k] = arrayify(value[k] as FormValue);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((k) => out[k] as FormValue);
  }
  return out;
}

/** Turns a JSON value (the browser stand-in may send JSON) into the same FormValue shape. */
export function fromJson(value: unknown): FormValue {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map(fromJson);
  if (typeof value === "object") {
    const out: FormObject = {};
    for (const [k, v] of Object.entries(value)) if (!UNSAFE_KEYS.has(k)) out[k] = fromJson(v);
    return out;
  }
  return String(value);
}

// --- typed readers -------------------------------------------------------------------------------

export class ParamError extends Error {
  constructor(
    readonly param: string,
    message: string,
  ) {
    super(message);
  }
}

export function str(obj: FormObject, key: string): string | undefined {
  const v = obj[key];
  if (v === undefined) return undefined;
  if (typeof v !== "string") throw new ParamError(key, `Invalid string: ${key}`);
  return v;
}

export function reqStr(obj: FormObject, key: string, path = key): string {
  const v = str(obj, key);
  if (v === undefined || v === "") throw new ParamError(path, `Missing required param: ${path}.`);
  return v;
}

export function int(obj: FormObject, key: string, path = key): number | undefined {
  const v = str(obj, key);
  if (v === undefined || v === "") return undefined;
  if (!/^-?\d+$/.test(v)) throw new ParamError(path, `Invalid integer: ${v}`);
  return Number(v);
}

export function bool(obj: FormObject, key: string): boolean | undefined {
  const v = str(obj, key);
  if (v === undefined || v === "") return undefined;
  if (v !== "true" && v !== "false") throw new ParamError(key, `Invalid boolean: ${v}`);
  return v === "true";
}

export function obj(o: FormObject, key: string): FormObject | undefined {
  const v = o[key];
  if (v === undefined || v === "") return undefined;
  if (typeof v === "string" || Array.isArray(v)) throw new ParamError(key, `Invalid object: ${key}`);
  return v;
}

export function list(o: FormObject, key: string): FormValue[] | undefined {
  const v = o[key];
  if (v === undefined || v === "") return undefined;
  if (!Array.isArray(v)) throw new ParamError(key, `Invalid array: ${key}`);
  return v;
}

export function objAt(value: FormValue, path: string): FormObject {
  if (typeof value === "string" || Array.isArray(value)) throw new ParamError(path, `Invalid object: ${path}`);
  return value;
}

/** `metadata[k]=v` -> Record; an empty value unsets the key (as Stripe does). */
export function metadata(o: FormObject, base: Record<string, string> = {}): Record<string, string> {
  const m = obj(o, "metadata");
  const out = { ...base };
  if (!m) return o["metadata"] === "" ? {} : out;
  for (const [k, v] of Object.entries(m)) {
    if (typeof v !== "string") throw new ParamError(`metadata[${k}]`, "Invalid metadata value.");
    if (v === "") delete out[k];
    else out[k] = v;
  }
  return out;
}

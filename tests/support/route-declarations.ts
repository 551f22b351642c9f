// Every /api route and method with the declaration its apiRoute() call made, read from the route
// modules themselves, so tests derive what to check from the one place a route says what it is.
//
// Callable from vitest and from Playwright spec files (which load it without a running app).
// - Vitest imports the route modules in its own module graph, where vitest.config.ts aliases
//   "server-only" (whose package throws unless the "react-server" condition is set, as Next sets it
//   for the server) to an empty module and resolves "@/" and extension-less imports.
// - Playwright loads TypeScript as native ES modules, where `import "next/server"` (a package
//   without an exports map) fails and "server-only" throws. There the route modules are imported
//   through tsx's module API (one namespace, so shared modules load once), which resolves imports
//   as the bundler and tsconfig.json do, plus a Node resolve hook (node:module register(),
//   tests/support/server-only-hook.mjs) that resolves "server-only" alone with the react-server
//   condition, i.e. to the package's empty module.
// Preferred over NODE_OPTIONS=--conditions=react-server for Playwright's workers: that condition
// also switches React and every package with a react-server export, and Playwright passes its
// environment on to the webServer (the app under test), which must never run with it; and it
// would not make "next/server" resolve. The hook changes one specifier, in the process that
// loads the routes only.
import { readdirSync } from "node:fs";
import { register } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { DeclaredRoute, RouteDeclaration } from "@/lib/api/route";

export type { RouteDeclaration } from "@/lib/api/route";

export type RouteDeclarationEntry = {
  /** The route file from the repository root, e.g. "app/api/teams/[teamId]/route.ts". */
  file: string;
  /** An HTTP method the file exports, upper case. */
  method: string;
  /** What the route's apiRoute() call declared; null for a handler not built with apiRoute(). */
  declaration: RouteDeclaration | null;
};

const ROOT = path.resolve(import.meta.dirname, "../..");
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((d) => {
      const full = path.join(dir, d.name);
      if (d.isDirectory()) return routeFiles(full);
      return d.name === "route.ts" ? [full] : [];
    })
    .sort();
}

type Importer = (file: string) => Promise<Record<string, unknown>>;

let importer: Importer | undefined;
async function routeImporter(): Promise<Importer> {
  if (importer) return importer;
  if (process.env.VITEST) {
    // Vitest's own module graph: its aliases ("@/", "server-only") and mocks apply.
    importer = (file) => import(/* @vite-ignore */ file) as Promise<Record<string, unknown>>;
    return importer;
  }
  // Playwright loads TypeScript as native ES modules, which resolve "next/server" (no exports map)
  // or a directory import strictly and fail where Next's bundler succeeds; tsx resolves them as
  // the bundler and tsconfig.json do. One tsx namespace for all route files, so the modules they
  // share load once.
  register(pathToFileURL(path.join(ROOT, "tests/support/server-only-hook.mjs")));
  const { register: registerTsx } = await import("tsx/esm/api");
  const tsx = registerTsx({ namespace: "route-declarations" });
  importer = (file) => tsx.import(pathToFileURL(file).href, import.meta.url) as Promise<Record<string, unknown>>;
  return importer;
}

function declarationOf(handler: unknown, method: string): RouteDeclaration | null {
  if (typeof handler !== "function") return null;
  const declarationFor = (handler as Partial<DeclaredRoute>).declarationFor;
  return typeof declarationFor === "function" ? declarationFor(method) : null;
}

let cache: Promise<RouteDeclarationEntry[]> | undefined;

/** Every exported method of every app/api/**\/route.ts, sorted by file then method. */
export function loadRouteDeclarations(): Promise<RouteDeclarationEntry[]> {
  cache ??= (async () => {
    const load = await routeImporter();
    const out: RouteDeclarationEntry[] = [];
    for (const abs of routeFiles(path.join(ROOT, "app/api"))) {
      const mod = await load(abs);
      const file = path.relative(ROOT, abs).split(path.sep).join("/");
      const before = out.length;
      for (const method of METHODS) {
        if (mod[method] !== undefined) out.push({ file, method, declaration: declarationOf(mod[method], method) });
      }
      // A route file whose module showed no method (a loader that failed quietly, an export renamed)
      // would drop out of every derived test unnoticed.
      if (out.length === before) throw new Error(`${file} exports no HTTP method`);
    }
    return out;
  })();
  return cache;
}

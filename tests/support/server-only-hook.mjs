// A Node module resolve hook (registered by tests/support/route-declarations.ts) for test
// processes that load server modules outside Next: "server-only" alone is resolved with the
// "react-server" condition, which picks the package's empty module, as Next's server build does.
// Every other specifier resolves as before.
export async function resolve(specifier, context, nextResolve) {
  if (specifier !== "server-only") return nextResolve(specifier, context);
  return nextResolve(specifier, { ...context, conditions: [...context.conditions, "react-server"] });
}

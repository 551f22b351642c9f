import type { Workspace } from "../workspace";

/**
 * make(v), run once per victim workspace, its promise shared by every attack on that victim. Use
 * it when an attack needs a victim row that createWorkspace does not make (a meeting, a prep form,
 * a sealed vault...): an attack's send() and unchanged() call the returned function, and the rows
 * are made the first time one asks. A row createWorkspace already makes (the org, its admin,
 * manager, employee, team, a notification) needs none: read it from the Workspace.
 */
export function oncePerWorkspace<T>(make: (v: Workspace) => Promise<T>): (v: Workspace) => Promise<T> {
  const made = new Map<string, Promise<T>>();
  return (v) => {
    let p = made.get(v.orgId);
    if (!p) made.set(v.orgId, (p = make(v)));
    return p;
  };
}

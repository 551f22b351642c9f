import { beforeAll, describe, expect, it } from "vitest";
import { loadActionDeclarations, type ActionDeclarationEntry } from "../support/action-declarations";

// What every server action declares, read from the actions themselves
// (tests/support/action-declarations.ts): each is built with formAction(), and each that runs in
// a workspace says what it does once the workspace is read-only.
describe("action declarations", () => {
  let actions: ActionDeclarationEntry[];
  beforeAll(async () => {
    actions = await loadActionDeclarations();
  }, 120_000);

  it("finds every server action, each built with formAction()", () => {
    expect(actions.length).toBeGreaterThanOrEqual(11);
    expect(actions.filter((a) => !a.declaration).map((a) => `${a.file} ${a.name}`)).toEqual([]);
  });

  it("declares the read-only rule on every session and tenant action, and none on a public one", () => {
    const problems: string[] = [];
    for (const { file, name, declaration: d } of actions) {
      if (!d) continue;
      const inWorkspace = d.auth === "session" || d.auth === "tenant";
      if (inWorkspace && d.readOnly !== "allow" && d.readOnly !== "refuse")
        problems.push(`${file} ${name}: no readOnly ("allow" or "refuse")`);
      if (!inWorkspace && d.readOnly) problems.push(`${file} ${name}: readOnly on a ${d.auth} action`);
    }
    expect(problems).toEqual([]);
    const find = (name: string) => actions.find((a) => a.name === name)?.declaration;
    // Spot checks of families CONTRIBUTING.md (Read-only workspaces) names.
    expect(find("changePasswordAction")).toMatchObject({ auth: "session", readOnly: "allow" });
    expect(find("dismissSetupAction")).toMatchObject({ auth: "session", readOnly: "allow" });
    expect(find("acceptInvitationAction")).toMatchObject({ auth: "tenant", readOnly: "allow" });
    expect(find("startTrialAction")).toEqual({ auth: "public" });
  });
});

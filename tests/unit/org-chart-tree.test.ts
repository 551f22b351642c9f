import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { OrgChartView } from "@/components/people/org-chart-view";
import { PermissionsMatrix } from "@/components/people/permissions-matrix";
import { PERMISSION_MAP, PERMISSION_NOTES } from "@/lib/auth/permissions";
import {
  buildOrgChart,
  type ChartLeader,
  type ChartPersonInput,
  type ChartTeam,
  type ChartTeamInput,
  type OrgChart,
} from "@/lib/people/org-chart-tree";
import type { Role } from "@/lib/generated/prisma/enums";

const person = (
  id: string,
  role: Role,
  managerId: string | null = null,
  teamId: string | null = null,
): ChartPersonInput => ({ id, name: id, role, teamId, managerId });
const team = (id: string, managerId: string | null = null): ChartTeamInput => ({ id, name: id, managerId });

/** 2,000 people: a CEO, ten managers under them, ninety more under those, each leading a team of 19. */
function bigOrg(): { people: ChartPersonInput[]; teams: ChartTeamInput[] } {
  const people: ChartPersonInput[] = [person("ceo", "admin")];
  const teams: ChartTeamInput[] = [];
  for (let t = 0; t < 100; t++) {
    teams.push(team(`t${t}`, `m${t}`));
    people.push(person(`m${t}`, "manager", t < 10 ? "ceo" : `m${t % 10}`, `t${t}`));
    for (let e = 0; e < 19; e++) people.push(person(`e${t}-${e}`, "employee", `m${t}`, `t${t}`));
  }
  people.pop();
  return { people, teams };
}

/** Every person id where the chart shows it, in order, duplicates kept. */
function placements(chart: OrgChart): string[] {
  const ids: string[] = [];
  const ofTeam = (t: ChartTeam) => ids.push(...t.members.map((m) => m.id));
  const ofLeader = (l: ChartLeader) => {
    ids.push(l.person.id);
    l.teams.forEach(ofTeam);
    l.leaders.forEach(ofLeader);
    ids.push(...l.directReports.map((r) => r.id));
  };
  chart.roots.forEach(ofLeader);
  chart.teamsWithoutManager.forEach(ofTeam);
  ids.push(...chart.unplaced.map((p) => p.id));
  return ids;
}

function teamPlacements(chart: OrgChart): string[] {
  const ids: string[] = [];
  const ofLeader = (l: ChartLeader) => {
    ids.push(...l.teams.map((t) => t.id));
    l.leaders.forEach(ofLeader);
  };
  chart.roots.forEach(ofLeader);
  ids.push(...chart.teamsWithoutManager.map((t) => t.id));
  return ids;
}

const sortedIds = (ids: string[]) => [...ids].sort();
const find = (chart: OrgChart, id: string): ChartLeader | undefined => {
  const walk = (ls: ChartLeader[]): ChartLeader | undefined => {
    for (const l of ls) {
      if (l.person.id === id) return l;
      const hit = walk(l.leaders);
      if (hit) return hit;
    }
    return undefined;
  };
  return walk(chart.roots);
};

describe("buildOrgChart", () => {
  it("has no roots, teams or people for an empty organisation", () => {
    expect(buildOrgChart([], [])).toEqual({ roots: [], teamsWithoutManager: [], unplaced: [], total: 0 });
  });

  it("makes the leaders without a manager the roots, by name", () => {
    const chart = buildOrgChart(
      [person("zoe", "admin"), person("ann", "manager"), person("bob", "manager", "zoe"), person("eve", "employee")],
      [],
    );
    expect(chart.roots.map((r) => r.person.id)).toEqual(["ann", "zoe"]);
  });

  it("leaves the manager out of their own team's members", () => {
    const chart = buildOrgChart(
      [
        person("mia", "manager", null, "t1"),
        person("al", "employee", "mia", "t1"),
        person("bo", "employee", null, "t1"),
      ],
      [team("t1", "mia")],
    );
    const [mia] = chart.roots;
    expect(mia?.teams).toHaveLength(1);
    expect(mia?.teams[0]?.members.map((m) => m.id)).toEqual(["al", "bo"]);
    // The team's size still counts its manager, as the Teams tab and survey groups do.
    expect(mia?.teams[0]?.size).toBe(3);
    expect(mia?.directReports).toEqual([]);
  });

  it("puts sub-managers under their boss, with their own teams", () => {
    const people = [
      person("ceo", "admin"),
      person("vp", "manager", "ceo"),
      person("lead", "manager", "vp", "t1"),
      person("dev", "employee", "lead", "t1"),
    ];
    const chart = buildOrgChart(people, [team("t1", "lead")]);
    expect(chart.roots.map((r) => r.person.id)).toEqual(["ceo"]);
    expect(chart.roots[0]?.leaders.map((l) => l.person.id)).toEqual(["vp"]);
    const lead = find(chart, "lead");
    expect(lead?.teams[0]?.members.map((m) => m.id)).toEqual(["dev"]);
  });

  it("lists employees who report to a leader without a team as direct reports", () => {
    const chart = buildOrgChart([person("boss", "manager"), person("pa", "employee", "boss")], []);
    expect(chart.roots[0]?.directReports.map((r) => r.id)).toEqual(["pa"]);
    expect(chart.unplaced).toEqual([]);
  });

  it("groups teams nobody leads, with their members, and keeps people with nobody above them apart", () => {
    const chart = buildOrgChart(
      [person("a", "employee", null, "t1"), person("b", "employee")],
      [team("t1"), team("t2", "gone")],
    );
    expect(chart.teamsWithoutManager.map((t) => [t.id, t.members.map((m) => m.id)])).toEqual([
      ["t1", ["a"]],
      ["t2", []],
    ]);
    expect(chart.unplaced.map((p) => p.id)).toEqual(["b"]);
  });

  it("places an employee once, in their team, even when they report to another leader", () => {
    const people = [person("l1", "manager"), person("l2", "manager"), person("e", "employee", "l1", "t2")];
    const chart = buildOrgChart(people, [team("t2", "l2")]);
    expect(placements(chart).filter((id) => id === "e")).toHaveLength(1);
    expect(find(chart, "l2")?.teams[0]?.members.map((m) => m.id)).toEqual(["e"]);
  });

  it("shows an admin who sits in a team led by someone else only as a leader", () => {
    const people = [
      person("admin", "admin", null, "t1"),
      person("m", "manager", "admin", "t1"),
      person("e", "employee", "m", "t1"),
    ];
    const chart = buildOrgChart(people, [team("t1", "m")]);
    expect(sortedIds(placements(chart))).toEqual(["admin", "e", "m"]);
    expect(find(chart, "m")?.teams[0]?.members.map((p) => p.id)).toEqual(["e"]);
  });

  it("places everyone in a reporting cycle once and keeps the cycle's teams under it", () => {
    const people = [
      person("a", "manager", "b"),
      person("b", "manager", "a"),
      person("c", "manager", "c"),
      person("x", "employee", "a", "ta"),
      person("y", "employee", "b"),
    ];
    const chart = buildOrgChart(people, [team("ta", "a")]);
    expect(sortedIds(placements(chart))).toEqual(["a", "b", "c", "x", "y"]);
    expect(chart.teamsWithoutManager).toEqual([]);
    expect(find(chart, "a")?.teams.map((t) => t.id)).toEqual(["ta"]);
  });

  it("treats a leader whose manager is missing as a root, and an employee with a missing manager as not placed", () => {
    const chart = buildOrgChart(
      [
        person("m", "manager", "deleted"),
        person("e", "employee", "deleted"),
        person("f", "employee", null, "no-such-team"),
      ],
      [],
    );
    expect(chart.roots.map((r) => r.person.id)).toEqual(["m"]);
    expect(chart.unplaced.map((p) => p.id)).toEqual(["e", "f"]);
  });

  it("places every person and every team exactly once in any organisation", () => {
    const pick = (n: number, size: number, prefix: string) =>
      n % (size + 2) === size ? `${prefix}-missing` : n % (size + 2) === size + 1 ? null : `${prefix}${n % (size + 2)}`;
    const org = fc.record({
      people: fc.array(
        fc.record({ role: fc.constantFrom<Role>("admin", "manager", "employee"), team: fc.nat(), manager: fc.nat() }),
        { maxLength: 300 },
      ),
      teams: fc.array(fc.nat(), { maxLength: 40 }),
    });
    fc.assert(
      fc.property(org, ({ people: raw, teams: rawTeams }) => {
        const people = raw.map((p, i) =>
          person(`p${i}`, p.role, pick(p.manager, raw.length, "p"), pick(p.team, rawTeams.length, "t")),
        );
        const teams = rawTeams.map((m, i) => team(`t${i}`, pick(m, raw.length, "p")));
        const chart = buildOrgChart(people, teams);
        expect(sortedIds(placements(chart))).toEqual(sortedIds(people.map((p) => p.id)));
        expect(sortedIds(teamPlacements(chart))).toEqual(sortedIds(teams.map((t) => t.id)));
        expect(chart.total).toBe(people.length);
        // Leaders always get a node of their own, so their teams never look leaderless.
        const leaderIds = new Set(people.filter((p) => p.role !== "employee").map((p) => p.id));
        const managerOf = new Map(teams.map((t) => [t.id, t.managerId]));
        for (const t of chart.teamsWithoutManager) expect(leaderIds.has(managerOf.get(t.id) ?? "")).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  // Its speed is measured by npm run bench:people, not here (timed tests flake on shared machines).
  it("places all of 2,000 people in 100 teams", () => {
    const { people, teams } = bigOrg();
    const chart = buildOrgChart(people, teams);
    expect(placements(chart)).toHaveLength(people.length);
    expect(chart.roots[0]?.leaders).toHaveLength(10);
  });
});

// No testing-library here, so these render to HTML on the server and check the markup.
describe("OrgChartView (static render)", () => {
  const render = (chart: OrgChart, minGroupSize = 3) =>
    renderToStaticMarkup(createElement(OrgChartView, { chart, minGroupSize }));

  it("shows the empty state when there is nothing to chart", () => {
    expect(render(buildOrgChart([], []))).toContain("No Organization Structure");
    // A new workspace: its admin and people nobody has placed yet.
    expect(render(buildOrgChart([person("ceo", "admin"), person("gus", "employee")], []))).toContain(
      "No Organization Structure",
    );
    expect(render(buildOrgChart([person("ceo", "admin"), person("gus", "employee", "ceo")], []))).not.toContain(
      "No Organization Structure",
    );
    expect(render(buildOrgChart([person("ceo", "admin")], [team("t1")]))).not.toContain("No Organization Structure");
  });

  it("opens the roots one level, keeps teams closed and badges them by the minimum group size", () => {
    const people = [
      person("ceo", "admin"),
      person("mia", "manager", "ceo"),
      person("al", "employee", "mia", "t1"),
      person("dan", "employee", null, "t2"),
      person("eli", "employee", null, "t2"),
      person("fay", "employee", null, "t2"),
      person("gus", "employee"),
    ];
    const html = render(buildOrgChart(people, [team("t1", "mia"), team("t2")]));
    for (const text of [
      "Leadership",
      "Teams",
      "Team Members",
      "Expand All",
      "Collapse All",
      "Admin",
      "Manager",
      "Teams without a manager",
      "Not yet placed",
      "View Team",
      "Anonymous",
      "gus",
    ])
      expect(html).toContain(text);
    expect(html.match(/aria-expanded="true"/g)).toHaveLength(3); // the root and the two groups
    expect(html).not.toContain("Need 2 more"); // mia's team sits under mia, who starts closed
    expect(html).not.toContain("dan"); // team members only render when their team is open
  });

  it("says how many members a small team still needs", () => {
    const html = render(
      buildOrgChart([person("mia", "manager"), person("al", "employee", "mia", "t1")], [team("t1", "mia")]),
      5,
    );
    expect(html).toContain("Need 4 more");
  });

  it("renders a chart of 2,000 people without their names", () => {
    const { people, teams } = bigOrg();
    const chart = buildOrgChart(people, teams);
    const html = render(chart);
    expect(html).not.toContain("e0-0");
  });
});

describe("PermissionsMatrix (static render)", () => {
  it("is the permission map as a table, with its notes", () => {
    const html = renderToStaticMarkup(createElement(PermissionsMatrix));
    expect(html).toContain("<caption");
    expect(html.match(/scope="col"/g)).toHaveLength(4);
    // One row per permission: the tab renders the map the server enforces, so it cannot drift.
    expect(html.match(/scope="row"/g)).toHaveLength(Object.keys(PERMISSION_MAP).length);
    for (const text of [
      "own teams only",
      "view",
      "manage",
      "own chats",
      "as participant only",
      "as manager",
      "as employee",
      "no",
    ])
      expect(html).toContain(`${text}</span>`);
    expect(html).toContain(
      "Nobody, admins included, can read another person&#x27;s coach conversations or a 1:1 they are not part of.",
    );
    expect(html).toContain(
      "Admins cannot be deleted from the list, and an organisation always keeps at least one admin.",
    );
    expect(html.match(/<li>/g)).toHaveLength(PERMISSION_NOTES.length);
  });
});

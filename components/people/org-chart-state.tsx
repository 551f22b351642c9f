"use client";

import { createContext, useContext } from "react";

/** Which nodes are open, shared by every node so 'Expand All' and 'Collapse All' reach the whole tree. */
export type ChartState = { isOpen: (key: string) => boolean; toggle: (key: string) => void; minGroupSize: number };

export const ChartStateContext = createContext<ChartState | null>(null);

export function useChartState(): ChartState {
  const state = useContext(ChartStateContext);
  if (!state) throw new Error("Org chart nodes must be rendered inside OrgChartView");
  return state;
}

// Leaders, teams and groups share one set of open keys; the prefix keeps a team id from colliding with a person id.
export const leaderKey = (personId: string) => `leader:${personId}`;
export const teamKey = (teamId: string) => `team:${teamId}`;
export const TEAMLESS_KEY = "group:teams-without-manager";
export const UNPLACED_KEY = "group:unplaced";

// Smaller steps on phones so a deep chain of managers does not push names off the screen.
export const childListClass = "mt-2 ml-3 space-y-2 border-l border-slate-200 pl-2 sm:ml-4 sm:pl-4";

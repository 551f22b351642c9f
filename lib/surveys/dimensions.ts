// The eleven culture dimensions of the Pulse Overview (docs/decisions.md (Surveys and rounds)), with
// their score keys and labels. Shared by the question bank, scoring, analytics and the pages.
export const DIMENSIONS = [
  { key: "overall", label: "Overall engagement" },
  { key: "recognition", label: "Recognition" },
  { key: "feedback", label: "Feedback" },
  { key: "relationship_with_peers", label: "Relationship with peers" },
  { key: "relationship_with_manager", label: "Relationship with manager" },
  { key: "satisfaction", label: "Satisfaction" },
  { key: "alignment", label: "Alignment" },
  { key: "happiness", label: "Happiness" },
  { key: "wellness", label: "Wellness" },
  { key: "personal_growth", label: "Personal growth" },
  { key: "ambassadorship", label: "Ambassadorship" },
] as const;

export type DimensionKey = (typeof DIMENSIONS)[number]["key"];
export const DIMENSION_KEYS: readonly DimensionKey[] = DIMENSIONS.map((d) => d.key);

/** docs/decisions.md (Scores and metrics): engagement is the overall-engagement dimension; the culture score is the
 * mean of the ten other dimensions (eNPS is its own metric). */
export const ENGAGEMENT_DIMENSION: DimensionKey = "overall";
export const CULTURE_DIMENSIONS: readonly DimensionKey[] = DIMENSION_KEYS.filter((k) => k !== ENGAGEMENT_DIMENSION);

/** Rollup metrics besides the dimensions. */
export const ENPS_METRIC = "enps";
export const STRESS_METRIC = "stress";
export type Metric = DimensionKey | typeof ENPS_METRIC | typeof STRESS_METRIC;

export function isDimensionKey(v: string): v is DimensionKey {
  return (DIMENSION_KEYS as readonly string[]).includes(v);
}

/** A dimension's label as the product shows it; an unknown key as it is. */
export const dimensionLabel = (key: string): string => DIMENSIONS.find((d) => d.key === key)?.label ?? key;

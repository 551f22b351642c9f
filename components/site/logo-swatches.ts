// The wordmark's colour options and the backgrounds it is previewed on. Class names are written
// out in full so Tailwind finds them. On the dark background each colour uses its lighter shade,
// as the wordmark would in a dark theme, so it stays legible.

export type LogoBackground = { id: "light" | "dark" | "neutral"; label: string; className: string };
export type LogoColour = { id: string; label: string; onLight: string; onDark: string; onNeutral: string };

export const LOGO_BACKGROUNDS: readonly LogoBackground[] = [
  { id: "light", label: "Light", className: "bg-white ring-1 ring-slate-200" },
  { id: "dark", label: "Dark", className: "bg-slate-900" },
  { id: "neutral", label: "Neutral", className: "bg-stone-100 ring-1 ring-stone-200" },
];

export const LOGO_COLOURS: readonly LogoColour[] = [
  { id: "default", label: "Default", onLight: "text-brand-600", onDark: "text-brand-500", onNeutral: "text-brand-600" },
  { id: "blue", label: "Blue", onLight: "text-blue-600", onDark: "text-blue-400", onNeutral: "text-blue-700" },
  {
    id: "purple",
    label: "Purple",
    onLight: "text-purple-600",
    onDark: "text-purple-400",
    onNeutral: "text-purple-700",
  },
  { id: "green", label: "Green", onLight: "text-green-700", onDark: "text-green-400", onNeutral: "text-green-700" },
  {
    id: "orange",
    label: "Orange",
    onLight: "text-orange-600",
    onDark: "text-orange-400",
    onNeutral: "text-orange-700",
  },
  { id: "pink", label: "Pink", onLight: "text-pink-600", onDark: "text-pink-400", onNeutral: "text-pink-700" },
];

export function colourOn(colour: LogoColour, background: LogoBackground["id"]): string {
  return background === "light" ? colour.onLight : background === "dark" ? colour.onDark : colour.onNeutral;
}

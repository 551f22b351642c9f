// Contrast of the score colours (text on background), computed from Tailwind's own colour values,
// so a colour change that makes a score badge or a hidden/not-asked cell hard to read fails here
// without a browser. WCAG 2 AA: 4.5:1 for normal text.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { HIDDEN_TONE, scoreTone } from "@/components/analytics/score-colors";
import { badgeVariants } from "@/components/ui/badge";
import { HIDDEN_CELL, NOT_ASKED_CELL } from "@/components/pulse/heatmap-cell";

const require = createRequire(import.meta.url);
const theme = readFileSync(require.resolve("tailwindcss/theme.css"), "utf8");
const globals = readFileSync(new URL("../../app/globals.css", import.meta.url), "utf8");

function hexToLinear(hex: string): [number, number, number] {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  return channels.map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)) as [number, number, number];
}

/** Linear-light sRGB of a Tailwind colour name ("emerald-700", "white"), clipped to the sRGB gamut as Chromium does. */
function linearRgb(name: string): [number, number, number] {
  if (name === "white") return [1, 1, 1];
  if (name === "black") return [0, 0, 0];
  const hex = new RegExp(`--color-${name}:\\s*(#[0-9a-f]{6})`, "i").exec(globals);
  if (hex?.[1]) return hexToLinear(hex[1]);
  const m = new RegExp(`--color-${name}:\\s*oklch\\(([\\d.]+)%\\s+([\\d.]+)\\s+([\\d.]+)\\)`).exec(theme);
  if (!m) throw new Error(`no Tailwind colour ${name}`);
  const [l, c, h] = [Number(m[1]) / 100, Number(m[2]), (Number(m[3]) * Math.PI) / 180];
  const a = c * Math.cos(h);
  const b = c * Math.sin(h);
  const l_ = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m_ = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s_ = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const rgb: [number, number, number] = [
    4.0767416621 * l_ - 3.3077115913 * m_ + 0.2309699292 * s_,
    -1.2684380046 * l_ + 2.6097574011 * m_ - 0.3413193965 * s_,
    -0.0041960863 * l_ - 0.7034186147 * m_ + 1.707614701 * s_,
  ];
  return rgb.map((v) => Math.min(1, Math.max(0, v))) as [number, number, number];
}

function luminance(name: string): number {
  const [r, g, b] = linearRgb(name);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(fg: string, bg: string): number {
  const a = luminance(fg);
  const b = luminance(bg);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** The text and background colour names of a class list ("bg-emerald-700 text-white" → ["white", "emerald-700"]). */
function pair(classes: string): { fg: string; bg: string } {
  const bg = /(?:^|\s)bg-([a-z]+-\d+|white)(?=\s|$)/.exec(classes)?.[1];
  const fg = /(?:^|\s)text-([a-z]+-\d+|white|black)(?=\s|$)/.exec(classes)?.[1];
  if (!bg || !fg) throw new Error(`no text/background colour in "${classes}"`);
  return { fg, bg };
}

describe("colour contrast computation", () => {
  it("matches known WCAG ratios", () => {
    expect(contrast("black", "white")).toBeCloseTo(21, 5);
    // The ratio the issue measured for white on the old '8+' green (emerald-600).
    expect(contrast("white", "emerald-600")).toBeCloseTo(3.65, 1);
  });
});

describe("score colours", () => {
  const tones: [string, string][] = [
    ["8+", scoreTone(9)],
    ["7+", scoreTone(7.5)],
    ["6+", scoreTone(6.5)],
    ["5+", scoreTone(5.5)],
    ["below 5", scoreTone(3)],
    ["hidden", HIDDEN_TONE],
    ["hidden cell", HIDDEN_CELL],
    ["not-asked cell", NOT_ASKED_CELL],
  ];
  it.each(tones)("%s (%s) has at least 4.5:1 contrast", (_label, classes) => {
    const { fg, bg } = pair(classes);
    expect(contrast(fg, bg)).toBeGreaterThanOrEqual(4.5);
  });

  it("keeps five distinct bands", () => {
    expect(new Set(tones.slice(0, 5).map(([, c]) => c)).size).toBe(5);
  });
});

describe("badge variants", () => {
  const variants = ["default", "secondary", "success", "warning", "destructive"] as const;
  it.each(variants)("%s has at least 4.5:1 contrast", (variant) => {
    const classes = badgeVariants({ variant });
    const { fg, bg } = pair(classes);
    expect(contrast(fg, bg)).toBeGreaterThanOrEqual(4.5);
  });
});

// Reads the e2e server's local mail folder (the .eml files of the local transport).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { E2E_DATA_DIR } from "../../../playwright.config";

/** A part of the message, decoded: text/plain or text/html (each base64, as the local transport
 * writes them; a message without HTML is a single text/plain body). */
function partOf(eml: string, type: "text/plain" | "text/html"): string {
  const m = new RegExp(
    `Content-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n([A-Za-z0-9+/=\r\n]+)`,
  ).exec(eml);
  return m ? Buffer.from(m[1]!.replace(/\r\n/g, ""), "base64").toString("utf8") : "";
}
const bodyOf = (eml: string) => partOf(eml, "text/plain");

/** The messages to `to` so far, oldest first: their headers (names in lower case) and both parts. */
export function mailsTo(to: string): { headers: Map<string, string>; text: string; html: string }[] {
  const dir = path.resolve(E2E_DATA_DIR, "mail");
  return readdirSync(dir)
    .sort()
    .map((f) => readFileSync(path.join(dir, f), "utf8"))
    .filter((m) => m.includes(`To: ${to}\r\n`))
    .map((m) => {
      const headers = new Map<string, string>();
      for (const line of m.split("\r\n\r\n")[0]!.split("\r\n")) {
        const i = line.indexOf(": ");
        if (i > 0) headers.set(line.slice(0, i).toLowerCase(), line.slice(i + 2));
      }
      return { headers, text: partOf(m, "text/plain"), html: partOf(m, "text/html") };
    });
}

/** Waits for a message to `to` whose body has a link matching `pattern`, and returns the link. */
export async function linkFromMail(to: string, pattern: RegExp): Promise<string> {
  const dir = path.resolve(E2E_DATA_DIR, "mail");
  let link: string | undefined;
  await expect(async () => {
    const mails = readdirSync(dir)
      .map((f) => readFileSync(path.join(dir, f), "utf8"))
      .filter((m) => m.includes(`To: ${to}`));
    link = mails.map((m) => pattern.exec(bodyOf(m))?.[0]).find(Boolean);
    expect(link, `no mail to ${to} with ${pattern}`).toBeDefined();
  }).toPass({ timeout: 20_000 });
  return link!;
}

/** Waits for `count` messages to `to` with a link matching `pattern`, and returns their links,
 * oldest first (the files are named by the time they were written). */
export async function linksFromMail(to: string, pattern: RegExp, count: number): Promise<string[]> {
  const dir = path.resolve(E2E_DATA_DIR, "mail");
  let links: string[] = [];
  await expect(async () => {
    const mails = readdirSync(dir)
      .sort()
      .map((f) => readFileSync(path.join(dir, f), "utf8"))
      .filter((m) => m.includes(`To: ${to}\r\n`));
    links = mails.map((m) => pattern.exec(bodyOf(m))?.[0]).filter((l): l is string => !!l);
    expect(links.length, `mails to ${to} with ${pattern}`).toBeGreaterThanOrEqual(count);
  }).toPass({ timeout: 20_000 });
  return links;
}

/** Whether any message to `to` has been written yet. */
export function hasMailTo(to: string): boolean {
  const dir = path.resolve(E2E_DATA_DIR, "mail");
  return readdirSync(dir).some((f) => readFileSync(path.join(dir, f), "utf8").includes(`To: ${to}\r\n`));
}

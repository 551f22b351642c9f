// Reads the e2e server's local mail folder (the .eml files of the local transport).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { E2E_DATA_DIR } from "../../../playwright.config";

function bodyOf(eml: string): string {
  return Buffer.from(eml.split("\r\n\r\n").slice(1).join("").replace(/\r\n/g, ""), "base64").toString("utf8");
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

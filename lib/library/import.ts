import "server-only";
import { withOrg } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { requirePermission } from "@/lib/auth/authorize";
import { audit } from "@/lib/audit/audit";
import { queueLibraryEmbed } from "@/lib/library/semantic/refresh";
import { analyzeContent } from "@/lib/library/classifier";
import { contentInputSchema, MAX_TITLE_LENGTH, type ImportInput, type ImportResult } from "@/lib/library/schemas";
import { splitIntoSections } from "@/lib/library/split";

type Prepared = { ok: true; data: ReturnType<typeof contentInputSchema.parse> } | { ok: false; error: string };

function baseTitle(item: ImportInput["items"][number]): string | undefined {
  if (item.title) return item.title;
  if (item.filename) {
    const name = item.filename
      .replace(/\.(md|markdown|txt)$/i, "")
      .replace(/[_-]+/g, " ")
      .trim();
    if (name) return name;
  }
  return undefined;
}

function label(item: ImportInput["items"][number], index: number): string {
  return item.filename || item.title || `Item ${index + 1}`;
}

async function prepare(text: string, title: string | undefined, part: number | null): Promise<Prepared> {
  const analysis = await Promise.resolve(analyzeContent(text));
  const base = (title ?? analysis.title ?? "").trim() || "Imported content";
  const suffix = part === null ? "" : ` (part ${part})`;
  const fullTitle = base.slice(0, MAX_TITLE_LENGTH - suffix.length).trimEnd() + suffix;
  const parsed = contentInputSchema.safeParse({
    title: fullTitle,
    content: text,
    contentType: analysis.contentType,
    category: analysis.category,
    tags: (analysis.tags ?? [])
      .map((t) => t.trim().slice(0, 40))
      .filter(Boolean)
      .slice(0, 20),
    priority: analysis.priority ?? 3,
  });
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? "Invalid content" };
  return { ok: true, data: parsed.data };
}

/** Imports pasted text or .md/.txt files: each over 20,000 characters becomes "<title> (part N)"
 * sections; missing title, type, category, tags and priority come from the classifier. Returns
 * the import result (successful, failed, total, errors), counted per created item. */
export async function importContent(ctx: AuthContext, input: ImportInput): Promise<ImportResult> {
  requirePermission(ctx, "library.manage");
  const errors: string[] = [];
  const rows: Extract<Prepared, { ok: true }>["data"][] = [];
  let failed = 0;
  for (const [index, item] of input.items.entries()) {
    if (item.filename && !/\.(md|markdown|txt)$/i.test(item.filename)) {
      failed += 1;
      errors.push(`${label(item, index)}: only .md and .txt files can be imported`);
      continue;
    }
    const sections = splitIntoSections(item.content);
    if (sections.length === 0) {
      failed += 1;
      errors.push(`${label(item, index)}: Content is required`);
      continue;
    }
    const title = baseTitle(item);
    for (const [i, text] of sections.entries()) {
      const prepared = await prepare(text, title, sections.length > 1 ? i + 1 : null);
      if (prepared.ok) rows.push(prepared.data);
      else {
        failed += 1;
        errors.push(`${label(item, index)}${sections.length > 1 ? ` (part ${i + 1})` : ""}: ${prepared.error}`);
      }
    }
  }
  if (rows.length > 0) {
    await withOrg(ctx.orgId, async (tx) => {
      await tx.leadershipContent.createMany({
        data: rows.map((r) => ({
          organizationId: ctx.orgId,
          title: r.title,
          content: r.content,
          contentType: r.contentType,
          category: r.category,
          tags: r.tags,
          priority: r.priority,
          createdById: ctx.userId,
        })),
      });
      await audit(tx, ctx, "content.import", { type: "content" }, { created: rows.length, failed });
      await queueLibraryEmbed(tx, ctx.orgId);
    });
  }
  return { successful: rows.length, failed, total: rows.length + failed, errors };
}

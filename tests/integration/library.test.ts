import { describe, expect, it } from "vitest";
import { withOrg } from "@/lib/db/tenant";
import { createSession } from "@/lib/auth/sessions";
import type { AuthContext } from "@/lib/auth/context";
import { createContent, deleteContent, getContent, listContent, updateContent } from "@/lib/library/content";
import { hideBuiltin, unhideBuiltin } from "@/lib/library/hidden";
import { retrieve } from "@/lib/library/retrieval";
import { contentBodySchema, contentInputSchema, parseTags, type ContentInput } from "@/lib/library/schemas";
import { splitIntoSections } from "@/lib/library/split";
import { importContent } from "@/lib/library/import";
import { readSourceItem } from "@/lib/library/source-item";
import { BUILTIN_LIBRARY } from "@/lib/library/builtin";
import { createOrg, createUser } from "../support/factories";
import { status } from "../support/status";

async function member(role: "admin" | "manager" | "employee", orgId?: string) {
  const org = orgId ?? (await createOrg()).orgId;
  const user = await createUser(org, { role });
  const sessionId = await withOrg(org, (tx) => createSession(tx, org, user.id, null));
  const ctx: AuthContext = { orgId: org, userId: user.id, role, sessionId };
  return ctx;
}

const input = (over: Partial<Record<keyof ContentInput, unknown>> = {}): ContentInput =>
  contentBodySchema.parse({
    title: "Quarterly zebra playbook",
    content: "How we run the zebra retrospective every quarter.",
    contentType: "framework",
    category: "team_building",
    tags: ["zebra", "retro"],
    ...over,
  });

describe("library schemas", () => {
  it("speaks the product's words and splits tags on commas", () => {
    const r = contentInputSchema.safeParse({
      title: " ",
      content: "",
      contentType: "poem",
      category: "x",
      tags: [],
      priority: 9,
    });
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        "Title is required",
        "Content is required",
        "Please choose a content type",
        "Please choose a category",
        "Priority must be a whole number from 1 to 5",
      ]),
    );
    expect(parseTags(" a, ,b ,, c ")).toEqual(["a", "b", "c"]);
    const body = contentBodySchema.parse({ title: "t", content: "c", contentType: "script", category: "delegation" });
    expect(body.tags).toEqual([]);
    expect(body.priority).toBeUndefined();
  });
});

describe("organisation library", () => {
  it("creates with priority 3 by default, lists newest first beside the read-only built-ins, updates and deletes", async () => {
    const ctx = await member("admin");
    const first = await createContent(ctx, input());
    const second = await createContent(ctx, input({ title: "Second zebra note", priority: 5 }));
    expect(first).toMatchObject({ source: "org", readOnly: false, priority: 3, tags: ["zebra", "retro"] });
    const all = await listContent(ctx);
    expect(all.slice(0, 2).map((c) => c.id)).toEqual([second.id, first.id]);
    const builtins = all.filter((c) => c.source === "builtin");
    expect(builtins.length).toBe(new Set(BUILTIN_LIBRARY.map((b) => b.id)).size);
    expect(builtins.every((b) => b.readOnly && !b.hidden)).toBe(true);
    expect((await listContent(ctx, { source: "org", q: "second ZEBRA" })).map((c) => c.id)).toEqual([second.id]);
    expect((await listContent(ctx, { source: "org", category: "delegation" })).length).toBe(0);

    const updated = await updateContent(ctx, first.id, input({ title: "Renamed zebra playbook", priority: undefined }));
    expect(updated).toMatchObject({ title: "Renamed zebra playbook", priority: 3 });
    await updateContent(ctx, second.id, input({ title: "Second zebra note", priority: undefined }));
    expect((await getContent(ctx, second.id)).priority).toBe(5); // a PUT without a priority keeps the item's
    await deleteContent(ctx, first.id);
    expect(await status(getContent(ctx, first.id))).toBe(404);
  });

  it("refuses managers and employees with 403 on every library function", async () => {
    const admin = await member("admin");
    const item = await createContent(admin, input());
    for (const role of ["manager", "employee"] as const) {
      const ctx = await member(role, admin.orgId);
      expect(await status(listContent(ctx))).toBe(403);
      expect(await status(createContent(ctx, input()))).toBe(403);
      expect(await status(updateContent(ctx, item.id, input({ title: "x" })))).toBe(403);
      expect(await status(deleteContent(ctx, item.id))).toBe(403);
      expect(await status(hideBuiltin(ctx, BUILTIN_LIBRARY[0]!.id))).toBe(403);
    }
    expect((await getContent(admin, item.id)).title).toBe("Quarterly zebra playbook");
  });

  it("answers another organisation's ids and built-in ids as not found, and changes nothing", async () => {
    const victim = await member("admin");
    const attacker = await member("admin");
    const item = await createContent(victim, input());
    expect(await status(getContent(attacker, item.id))).toBe(404);
    expect(await status(updateContent(attacker, item.id, input({ title: "Hijacked" })))).toBe(404);
    expect(await status(deleteContent(attacker, item.id))).toBe(404);
    expect((await listContent(attacker, { source: "org" })).length).toBe(0);
    const builtinId = BUILTIN_LIBRARY[0]!.id;
    expect(await status(updateContent(victim, builtinId, input()))).toBe(404);
    expect(await status(deleteContent(victim, builtinId))).toBe(404);
    expect(await status(hideBuiltin(victim, "no-such-item"))).toBe(404);
    expect((await getContent(victim, item.id)).title).toBe("Quarterly zebra playbook");
  });

  it("hides a built-in item from this organisation's coach only, and shows it again", async () => {
    const a = await member("admin");
    const b = await member("admin");
    const target = BUILTIN_LIBRARY.find((x) => x.id === "pw-stop-micromanaging") ?? BUILTIN_LIBRARY[0]!;
    const ids = async (ctx: AuthContext) =>
      (await withOrg(ctx.orgId, (tx) => retrieve(tx, ctx.orgId, target.title, { limit: 10 }))).map((r) => r.id);
    expect(await ids(a)).toContain(target.id);
    await hideBuiltin(a, target.id);
    await hideBuiltin(a, target.id); // idempotent
    expect(await ids(a)).not.toContain(target.id);
    expect(await ids(b)).toContain(target.id);
    expect((await listContent(a, { source: "builtin" })).find((x) => x.id === target.id)?.hidden).toBe(true);
    await unhideBuiltin(a, target.id);
    expect(await ids(a)).toContain(target.id);
  });

  it("retrieves the organisation's own items beside the built-ins, never another organisation's", async () => {
    const a = await member("admin");
    const b = await member("admin");
    const own = await createContent(
      a,
      input({
        title: "Zebra retrospective for quokka squads",
        content: "Quokka squads run the zebra retrospective after each release.",
      }),
    );
    const q = "how do we run a zebra retrospective with the quokka squads";
    const got = await withOrg(a.orgId, (tx) => retrieve(tx, a.orgId, q));
    expect(got[0]).toMatchObject({ id: own.id, source: "org" });
    expect((await withOrg(b.orgId, (tx) => retrieve(tx, b.orgId, q))).map((r) => r.id)).not.toContain(own.id);
  });
});

describe("import splitting", () => {
  it("keeps short text whole and splits long text at headings, then paragraphs, into sections of at most 20,000 characters", () => {
    expect(splitIntoSections("  short  ")).toEqual(["short"]);
    const para = "word ".repeat(1_000).trim(); // ~5,000 characters
    const doc = ["# One", para, para, para, "# Two", para, para, para, para, para].join("\n\n");
    const parts = splitIntoSections(doc);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.every((p) => p.length <= 20_000)).toBe(true);
    expect(parts[0]!.startsWith("# One")).toBe(true);
    expect(parts.some((p) => p.startsWith("# Two"))).toBe(true);
    expect(parts.join(" ").replace(/\s+/g, " ").length).toBeGreaterThan(doc.replace(/\s+/g, " ").length - 50);
    const noBreaks = "x".repeat(45_000);
    expect(splitIntoSections(noBreaks).map((p) => p.length)).toEqual([20_000, 20_000, 5_000]);
  });
});

describe("import", () => {
  it("imports pasted text and files, splits long ones into '(part N)' items, fills the fields from the classifier, and reports failures", async () => {
    const ctx = await member("admin");
    const para = "When a report is overwhelmed, agree what to drop before adding anything new. ".repeat(70);
    const long = [
      "# Workload",
      para,
      para,
      para,
      "# Delegation",
      para,
      para,
      para,
      "# Feedback",
      para,
      para,
      para,
    ].join("\n\n");
    expect(long.length).toBeGreaterThan(40_000);
    const result = await importContent(ctx, {
      items: [
        { content: long, filename: "team-handbook.md" },
        {
          content:
            "Use the SBI model: situation, behaviour, impact. Describe what you saw and its effect before asking for their view.",
        },
        { content: "binary", filename: "slides.pdf" },
      ],
    });
    const items = await listContent(ctx, { source: "org" });
    expect(result.total).toBe(result.successful + result.failed);
    expect(result.failed).toBe(1);
    expect(result.errors).toEqual(["slides.pdf: only .md and .txt files can be imported"]);
    expect(result.successful).toBe(items.length);
    const parts = items.filter((i) => i.title.startsWith("team handbook (part "));
    expect(parts.length).toBeGreaterThanOrEqual(3);
    expect(parts.every((p) => p.content.length <= 20_000)).toBe(true);
    const pasted = items.find((i) => i.content.startsWith("Use the SBI model"));
    expect(pasted?.title.length).toBeGreaterThan(0);
    expect(items.every((i) => i.priority >= 1 && i.priority <= 5)).toBe(true);
  });

  it("refuses managers", async () => {
    const admin = await member("admin");
    const manager = await member("manager", admin.orgId);
    expect(await status(importContent(manager, { items: [{ content: "text" }] }))).toBe(403);
    expect((await listContent(admin, { source: "org" })).length).toBe(0);
  });
});

describe("a cited item opened from Boss Bot", () => {
  it("shows a manager their organisation's item and visible built-ins; foreign, hidden and unknown ids are not found", async () => {
    const admin = await member("admin");
    const manager = await member("manager", admin.orgId);
    const employee = await member("employee", admin.orgId);
    const stranger = await member("manager");
    const own = await createContent(admin, input());
    expect(await readSourceItem(manager, own.id)).toMatchObject({
      id: own.id,
      source: "org",
      title: "Quarterly zebra playbook",
      content: expect.stringContaining("zebra"),
    });
    const builtin = BUILTIN_LIBRARY[0]!;
    expect(await readSourceItem(manager, builtin.id)).toMatchObject({
      id: builtin.id,
      source: "builtin",
      title: builtin.title,
    });
    await hideBuiltin(admin, builtin.id);
    expect(await status(readSourceItem(manager, builtin.id))).toBe(404);
    expect(await status(readSourceItem(stranger, own.id))).toBe(404);
    expect(await readSourceItem(stranger, builtin.id)).toMatchObject({ id: builtin.id }); // hidden only for the first organisation
    expect(await status(readSourceItem(manager, "no-such-item"))).toBe(404);
    expect(await status(readSourceItem(manager, "../etc/passwd"))).toBe(404);
    expect(await status(readSourceItem(employee, own.id))).toBe(403);
  });
});

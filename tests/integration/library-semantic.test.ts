import { describe, expect, it } from "vitest";
import { withOrg } from "@/lib/db/tenant";
import { createSession } from "@/lib/auth/sessions";
import type { AuthContext } from "@/lib/auth/context";
import { createContent, deleteContent, updateContent } from "@/lib/library/content";
import { hideBuiltin } from "@/lib/library/hidden";
import { searchLibrary } from "@/lib/library/retrieval";
import { contentBodySchema } from "@/lib/library/schemas";
import { refreshLibraryEmbeddings } from "@/lib/library/semantic/refresh";
import { orgItemSections } from "@/lib/library/semantic/sections";
import { orgLibraryState } from "@/lib/library/semantic/org-index";
import { createOrg, createUser } from "../support/factories";

// Boss Bot's semantic retrieval against the real database: organisation items get vectors from
// the embedding job, are found by meaning, are re-embedded only where their text changed, stay in
// their organisation, and a question the library is not about gets nothing.

async function admin(orgId?: string): Promise<AuthContext> {
  const org = orgId ?? (await createOrg()).orgId;
  const user = await createUser(org, { role: "admin" });
  const sessionId = await withOrg(org, (tx) => createSession(tx, org, user.id, null));
  return { orgId: org, userId: user.id, role: "admin", sessionId };
}

// A practice of this organisation's own, which no built-in item describes; the question shares
// almost none of its words.
const BEREAVEMENT = contentBodySchema.parse({
  title: "The Tidewater check-in: a fortnightly team temperature check",
  content:
    "## Situation\nEvery other Monday each person rates their last two weeks from one to five and names one thing that would make the next two better.\n\n## Approach\nCollect the ratings anonymously, share the spread with the team, pick one suggestion to act on, and report back at the next check-in what changed.",
  contentType: "methodology",
  category: "employee_engagement",
  tags: ["check-in", "temperature"],
});
const QUESTION = "whats the routine where everyone scores how their fortnight went and suggests one improvement";

const embeddingCount = (orgId: string) =>
  withOrg(orgId, (tx) => tx.libraryEmbedding.count({ where: { organizationId: orgId } }));

describe("semantic retrieval over an organisation's own items", () => {
  it("embeds a new item's sections by the job and finds it by meaning", async () => {
    const ctx = await admin();
    const item = await createContent(ctx, BEREAVEMENT);
    expect((await withOrg(ctx.orgId, (tx) => orgLibraryState(tx, ctx.orgId))).stale).toBe(1);

    const first = await refreshLibraryEmbeddings(ctx.orgId);
    expect(first.items).toBe(1);
    const sections = orgItemSections({
      title: BEREAVEMENT.title,
      content: BEREAVEMENT.content,
      tags: BEREAVEMENT.tags,
    });
    expect(await embeddingCount(ctx.orgId)).toBe(sections.length);
    expect((await withOrg(ctx.orgId, (tx) => orgLibraryState(tx, ctx.orgId))).stale).toBe(0);

    const found = await searchLibrary(ctx.orgId, QUESTION, { limit: 5 });
    expect(found.slice(0, 3).map((f) => f.id)).toContain(item.id);
    const hit = found.find((f) => f.id === item.id)!;
    expect(hit.source).toBe("org");
    expect(hit.title).toBe(BEREAVEMENT.title);
    expect(hit.semantic).toBeGreaterThan(0.3);

    // Nothing to do the second time.
    expect(await refreshLibraryEmbeddings(ctx.orgId)).toEqual({ items: 0, embedded: 0 });
  }, 60_000);

  it("re-embeds only the sections whose text changed, and a deleted item takes its vectors with it", async () => {
    const ctx = await admin();
    const item = await createContent(ctx, BEREAVEMENT);
    await refreshLibraryEmbeddings(ctx.orgId);
    const before = await embeddingCount(ctx.orgId);

    await updateContent(ctx, item.id, { ...BEREAVEMENT, tags: ["bereavement", "grief", "compassionate leave"] });
    expect((await withOrg(ctx.orgId, (tx) => orgLibraryState(tx, ctx.orgId))).stale).toBe(1);
    const second = await refreshLibraryEmbeddings(ctx.orgId);
    // The tags section alone is new; the title and the text sections are reused by their hashes.
    expect(second).toEqual({ items: 1, embedded: 1 });
    expect(await embeddingCount(ctx.orgId)).toBe(before);

    await deleteContent(ctx, item.id);
    expect(await embeddingCount(ctx.orgId)).toBe(0);
  }, 60_000);

  it("keeps an organisation's vectors and items to that organisation", async () => {
    const victim = await admin();
    const item = await createContent(victim, BEREAVEMENT);
    await refreshLibraryEmbeddings(victim.orgId);
    const attacker = await admin();
    // Row-level security: the other organisation's context sees no rows, even asking for them by id.
    expect(
      await withOrg(attacker.orgId, (tx) => tx.libraryEmbedding.count({ where: { organizationId: victim.orgId } })),
    ).toBe(0);
    expect(await withOrg(attacker.orgId, (tx) => tx.libraryEmbedding.count({ where: { contentId: item.id } }))).toBe(0);
    const theirs = await searchLibrary(attacker.orgId, QUESTION, { limit: 10 });
    expect(theirs.map((f) => f.id)).not.toContain(item.id);
    expect(theirs.every((f) => f.source === "builtin")).toBe(true);
  }, 60_000);

  it("ranks an item saved moments ago (no vectors yet) on its words once the question is in scope", async () => {
    const ctx = await admin();
    const item = await createContent(
      ctx,
      contentBodySchema.parse({
        title: "The Zephyrine feedback ritual",
        content: "How we give each other feedback in the Zephyrine ritual after every release.",
        contentType: "framework",
        category: "communication",
        tags: ["zephyrine", "feedback"],
      }),
    );
    const found = await searchLibrary(ctx.orgId, "how do I give feedback in the zephyrine ritual", { limit: 5 });
    expect(found[0]?.id).toBe(item.id);
    expect(found[0]?.semantic).toBe(0);
  }, 60_000);
});

describe("the semantic gate and hidden built-ins", () => {
  it("answers a leadership question and declines questions the library is not about", async () => {
    const { orgId } = await createOrg();
    const answered = await searchLibrary(
      orgId,
      "two people on my team can't stand each other and it's affecting everyone",
    );
    expect(answered.length).toBeGreaterThan(0);
    expect(answered[0]!.category).toBe("conflict_resolution");
    for (const q of [
      "what's the vat rate on software invoices in germany",
      "python script throws keyerror when reading json",
      "best pizza dough recipe for a party",
    ]) {
      expect(await searchLibrary(orgId, q), q).toEqual([]);
    }
  }, 60_000);

  it("never returns a built-in item the organisation hid from its coach", async () => {
    const ctx = await admin();
    const q = "two people on my team can't stand each other and it's affecting everyone";
    const top = (await searchLibrary(ctx.orgId, q))[0]!;
    expect(top.source).toBe("builtin");
    await hideBuiltin(ctx, top.id);
    expect((await searchLibrary(ctx.orgId, q, { limit: 20 })).map((f) => f.id)).not.toContain(top.id);
  }, 60_000);
});

import "server-only";
import { orgKey, isUuid, withOrg } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { requirePermission } from "@/lib/auth/authorize";
import { notFound } from "@/lib/errors/domain-error";
import { audit } from "@/lib/audit/audit";
import { queueLibraryEmbed } from "@/lib/library/semantic/refresh";
import type { Prisma } from "@/lib/generated/prisma/client";
import { DEFAULT_PRIORITY, type ContentCategory, type ContentInput, type ContentType } from "@/lib/library/schemas";
import {
  builtinContentSelect,
  orgContentSelect,
  toBuiltinContentDto,
  toOrgContentDto,
  type ContentDto,
} from "@/lib/library/dto";

export type ListContentOptions = {
  q?: string;
  contentType?: ContentType;
  category?: ContentCategory;
  source?: "org" | "builtin" | "all";
};

// The admin screen's search is a plain case-insensitive substring match over title, content and
// tags (ILIKE): admins look for an item they know ("the GROW one"), so exact words beat ranking;
// the ranked, typo- and synonym-tolerant search is the coach's (lib/library/retrieval.ts).
function searchWhere(q: string | undefined) {
  const term = q?.trim();
  if (!term) return {};
  return {
    OR: [
      { title: { contains: term, mode: "insensitive" as const } },
      { content: { contains: term, mode: "insensitive" as const } },
      { tags: { has: term.toLowerCase() } },
    ],
  };
}

/** The organisation's items (newest first) then the built-in ones (by category, title), each built-in
 * marked read-only with whether this organisation hides it from its coach (library.manage). */
export async function listContent(ctx: AuthContext, opts: ListContentOptions = {}): Promise<ContentDto[]> {
  requirePermission(ctx, "library.manage");
  const source = opts.source ?? "all";
  const filter = {
    ...(opts.contentType ? { contentType: opts.contentType } : {}),
    ...(opts.category ? { category: opts.category } : {}),
    ...searchWhere(opts.q),
  };
  return withOrg(ctx.orgId, async (tx) => {
    const own =
      source === "builtin"
        ? []
        : await tx.leadershipContent.findMany({
            where: { organizationId: ctx.orgId, ...filter } satisfies Prisma.LeadershipContentWhereInput,
            select: orgContentSelect,
            orderBy: [{ createdAt: "desc" }, { id: "asc" }],
          });
    if (source === "org") return own.map(toOrgContentDto);
    const [builtins, hidden] = await Promise.all([
      tx.builtinContent.findMany({
        where: filter satisfies Prisma.BuiltinContentWhereInput,
        select: builtinContentSelect,
        orderBy: [{ category: "asc" }, { title: "asc" }],
      }),
      tx.hiddenBuiltinContent.findMany({ where: { organizationId: ctx.orgId }, select: { builtinId: true } }),
    ]);
    const hiddenIds = new Set(hidden.map((h) => h.builtinId));
    return [...own.map(toOrgContentDto), ...builtins.map((b) => toBuiltinContentDto(b, hiddenIds.has(b.id)))];
  });
}

/** One organisation item; built-in and foreign ids answer not found. */
export async function getContent(ctx: AuthContext, id: string): Promise<ContentDto> {
  requirePermission(ctx, "library.manage");
  if (!isUuid(id)) throw notFound("Content");
  const row = await withOrg(ctx.orgId, (tx) =>
    tx.leadershipContent.findUnique({ where: orgKey(ctx.orgId, id), select: orgContentSelect }),
  );
  if (!row) throw notFound("Content");
  return toOrgContentDto(row);
}

export async function createContent(ctx: AuthContext, input: ContentInput): Promise<ContentDto> {
  requirePermission(ctx, "library.manage");
  return withOrg(ctx.orgId, async (tx) => {
    const row = await tx.leadershipContent.create({
      data: {
        organizationId: ctx.orgId,
        title: input.title,
        content: input.content,
        contentType: input.contentType,
        category: input.category,
        tags: input.tags,
        priority: input.priority ?? DEFAULT_PRIORITY,
        createdById: ctx.userId,
      },
      select: orgContentSelect,
    });
    await audit(tx, ctx, "content.create", { type: "content", id: row.id }, { title: row.title });
    await queueLibraryEmbed(tx, ctx.orgId);
    return toOrgContentDto(row);
  });
}

/** Organisation items only: a built-in id is not found (nobody can change the built-in library). */
export async function updateContent(ctx: AuthContext, id: string, input: ContentInput): Promise<ContentDto> {
  requirePermission(ctx, "library.manage");
  if (!isUuid(id)) throw notFound("Content");
  return withOrg(ctx.orgId, async (tx) => {
    const exists = await tx.leadershipContent.findUnique({ where: orgKey(ctx.orgId, id), select: { id: true } });
    if (!exists) throw notFound("Content");
    const row = await tx.leadershipContent.update({
      where: orgKey(ctx.orgId, id),
      data: {
        title: input.title,
        content: input.content,
        contentType: input.contentType,
        category: input.category,
        tags: input.tags,
        ...(input.priority === undefined ? {} : { priority: input.priority }),
      },
      select: orgContentSelect,
    });
    await audit(tx, ctx, "content.update", { type: "content", id }, { title: row.title });
    await queueLibraryEmbed(tx, ctx.orgId);
    return toOrgContentDto(row);
  });
}

export async function deleteContent(ctx: AuthContext, id: string): Promise<void> {
  requirePermission(ctx, "library.manage");
  if (!isUuid(id)) throw notFound("Content");
  await withOrg(ctx.orgId, async (tx) => {
    const { count } = await tx.leadershipContent.deleteMany({ where: { organizationId: ctx.orgId, id } });
    if (count === 0) throw notFound("Content");
    await audit(tx, ctx, "content.delete", { type: "content", id });
  });
}

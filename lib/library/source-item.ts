import "server-only";
import { orgKey, isUuid, withOrg } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { requirePermission } from "@/lib/auth/authorize";
import { notFound } from "@/lib/errors/domain-error";
import type { ContentCategory, ContentType } from "@/lib/library/schemas";

// One library item as Boss Bot's sources open it (coach.use: managers read the library through
// their coach, docs/decisions.md (Roles and permissions)). An organisation item by its UUID, a built-in one by its slug
// unless this organisation hides it from its coach: what the coach could have cited, nothing more.
export type SourceItemDto = {
  id: string;
  source: "org" | "builtin";
  title: string;
  category: ContentCategory;
  contentType: ContentType;
  content: string;
};

const BUILTIN_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const select = { id: true, title: true, category: true, contentType: true, content: true } as const;

export async function readSourceItem(ctx: AuthContext, id: string): Promise<SourceItemDto> {
  requirePermission(ctx, "coach.use");
  return withOrg(ctx.orgId, async (tx) => {
    if (isUuid(id)) {
      const row = await tx.leadershipContent.findUnique({
        where: orgKey(ctx.orgId, id),
        select,
      });
      if (row) return { ...row, source: "org" as const };
    } else if (BUILTIN_SLUG.test(id)) {
      const hidden = await tx.hiddenBuiltinContent.findUnique({
        where: { organizationId_builtinId: { organizationId: ctx.orgId, builtinId: id } },
        select: { builtinId: true },
      });
      const row = hidden ? null : await tx.builtinContent.findUnique({ where: { id }, select });
      if (row) return { ...row, source: "builtin" as const };
    }
    throw notFound("Content");
  });
}

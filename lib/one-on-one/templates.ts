import "server-only";
import { orgKey, withOrg, isUuid, type Tx } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { requirePermission } from "@/lib/auth/authorize";
import { conflict, notFound } from "@/lib/errors/domain-error";
import { isUniqueViolation } from "@/lib/db/errors";
import { audit } from "@/lib/audit/audit";
import { DEFAULT_TEMPLATES, type TemplateInput } from "./default-templates";
import type { TemplateDto } from "./dto";

// The organisation's 1:1 agenda templates. Every member may read them
// (oneOnOnes.use: an employee's meeting names its template); admins and managers manage them
// (oneOnOnes.templates). A meeting copies the questions when it is created, so editing or
// deleting a template never rewrites an agenda.

const select = {
  id: true,
  key: true,
  name: true,
  description: true,
  isDefault: true,
  questions: true,
  createdAt: true,
  updatedAt: true,
} as const;
type Row = {
  id: string;
  key: string | null;
  name: string;
  description: string;
  isDefault: boolean;
  questions: string[];
  createdAt: Date;
  updatedAt: Date;
};

function toDto(r: Row): TemplateDto {
  return {
    id: r.id,
    key: r.key,
    name: r.name,
    description: r.description,
    isDefault: r.isDefault,
    templateQuestions: r.questions,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

// Defaults first (the 'Add Default Templates' set), then the organisation's own, by name.
const order = [{ isDefault: "desc" as const }, { name: "asc" as const }, { id: "asc" as const }];

const nameTaken = (name: string) =>
  conflict("template_name_taken", `A template named "${name}" already exists`, {
    name: [`A template named "${name}" already exists`],
  });

export async function listTemplates(ctx: AuthContext): Promise<TemplateDto[]> {
  requirePermission(ctx, "oneOnOnes.use");
  const rows = await withOrg(ctx.orgId, (tx) =>
    tx.meetingTemplate.findMany({ where: { organizationId: ctx.orgId }, select, orderBy: order }),
  );
  return rows.map(toDto);
}

export async function getTemplate(ctx: AuthContext, id: string): Promise<TemplateDto> {
  requirePermission(ctx, "oneOnOnes.use");
  if (!isUuid(id)) throw notFound("Template");
  const row = await withOrg(ctx.orgId, (tx) =>
    tx.meetingTemplate.findUnique({ where: orgKey(ctx.orgId, id.toLowerCase()), select }),
  );
  if (!row) throw notFound("Template");
  return toDto(row);
}

export async function createTemplate(ctx: AuthContext, input: TemplateInput): Promise<TemplateDto> {
  requirePermission(ctx, "oneOnOnes.templates");
  try {
    return await withOrg(ctx.orgId, async (tx) => {
      const row = await tx.meetingTemplate.create({
        data: {
          organizationId: ctx.orgId,
          name: input.name,
          description: input.description,
          questions: input.templateQuestions,
          isDefault: false,
          createdById: ctx.userId,
        },
        select,
      });
      await audit(tx, ctx, "meeting_template.create", { type: "meeting_template", id: row.id }, { name: row.name });
      return toDto(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(input.name);
    throw err;
  }
}

/** Edits a template; a seeded default keeps its key (so seeding again does not re-create it) and its badge. */
export async function updateTemplate(ctx: AuthContext, id: string, input: TemplateInput): Promise<TemplateDto> {
  requirePermission(ctx, "oneOnOnes.templates");
  if (!isUuid(id)) throw notFound("Template");
  const tid = id.toLowerCase();
  try {
    return await withOrg(ctx.orgId, async (tx) => {
      const exists = await tx.meetingTemplate.findUnique({ where: orgKey(ctx.orgId, tid), select: { id: true } });
      if (!exists) throw notFound("Template");
      const row = await tx.meetingTemplate.update({
        where: orgKey(ctx.orgId, tid),
        data: { name: input.name, description: input.description, questions: input.templateQuestions },
        select,
      });
      await audit(tx, ctx, "meeting_template.update", { type: "meeting_template", id: tid }, { name: row.name });
      return toDto(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(input.name);
    throw err;
  }
}

/**
 * Deletes a template. Series that use it keep their meetings and agendas (the questions were
 * copied) and lose the link. Row-level security shows the caller only the series they are part
 * of; those are unlinked here. A series of another pair still linked makes the foreign key refuse
 * the delete, answered as a 409 (see /tmp requests: a SECURITY DEFINER unlink is the lead's call).
 */
export async function deleteTemplate(ctx: AuthContext, id: string): Promise<void> {
  requirePermission(ctx, "oneOnOnes.templates");
  if (!isUuid(id)) throw notFound("Template");
  const tid = id.toLowerCase();
  await withOrg(
    ctx.orgId,
    async (tx) => {
      const t = await tx.meetingTemplate.findUnique({ where: orgKey(ctx.orgId, tid), select: { name: true } });
      if (!t) throw notFound("Template");
      // Every pair's series forgets the template (their meetings keep the copied questions). The
      // deleter cannot see other pairs' series under the pair policy, so a SECURITY DEFINER
      // function does it, within this organisation only; its count is not shown to anyone.
      await tx.$queryRaw`SELECT app_meeting_template_detach(${tid}::uuid)`;
      await tx.meetingTemplate.delete({ where: orgKey(ctx.orgId, tid) });
      await audit(tx, ctx, "meeting_template.delete", { type: "meeting_template", id: tid }, { name: t.name });
    },
    { userId: ctx.userId },
  );
}

async function insertDefaults(tx: Tx, ctx: Pick<AuthContext, "orgId" | "userId">): Promise<number> {
  const existing = await tx.meetingTemplate.findMany({
    where: { organizationId: ctx.orgId },
    select: { key: true, name: true },
  });
  const keys = new Set(existing.map((e) => e.key).filter((k): k is string => k !== null));
  const names = new Set(existing.map((e) => e.name.toLowerCase()));
  let created = 0;
  for (const d of DEFAULT_TEMPLATES) {
    if (keys.has(d.key)) continue;
    // An organisation's own template may already carry a default's name: keep theirs, and give
    // ours a name that does not collide rather than failing the whole set.
    let name = d.name;
    for (let n = 2; names.has(name.toLowerCase()); n++) name = `${d.name} (${n})`;
    // ON CONFLICT DO NOTHING: two admins pressing 'Add Default Templates' at once create one set.
    const inserted = await tx.$executeRaw`
      INSERT INTO "MeetingTemplate" ("organizationId", "id", "key", "name", "description", "isDefault", "questions", "createdById", "createdAt", "updatedAt")
      VALUES (${ctx.orgId}::uuid, gen_random_uuid(), ${d.key}, ${name}, ${d.description}, true, ${[...d.templateQuestions]}::text[], ${ctx.userId}::uuid, now(), now())
      ON CONFLICT DO NOTHING`;
    if (inserted > 0) {
      created += 1;
      names.add(name.toLowerCase());
    }
  }
  return created;
}

/** The default set for a workspace being created (signup), in the transaction that creates it,
 * so a new workspace has its 1:1 templates from the start. */
export function insertDefaultTemplates(tx: Tx, orgId: string, createdById: string): Promise<number> {
  return insertDefaults(tx, { orgId, userId: createdById });
}

/** 'Add Default Templates': creates the default set's templates the organisation does not have yet
 * (by key, so seeding twice creates nothing the second time) and returns all templates. */
export async function seedDefaultTemplates(ctx: AuthContext): Promise<{ created: number; templates: TemplateDto[] }> {
  requirePermission(ctx, "oneOnOnes.templates");
  return withOrg(ctx.orgId, async (tx) => {
    const created = await insertDefaults(tx, ctx);
    if (created > 0)
      await audit(tx, ctx, "meeting_template.seed_defaults", { type: "organization", id: ctx.orgId }, { created });
    const rows = await tx.meetingTemplate.findMany({ where: { organizationId: ctx.orgId }, select, orderBy: order });
    return { created, templates: rows.map(toDto) };
  });
}

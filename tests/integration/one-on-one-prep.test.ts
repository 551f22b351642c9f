import { beforeEach, describe, expect, it, vi } from "vitest";
import { randomUUID } from "node:crypto";
import { withOrg } from "@/lib/db/tenant";
import { currentSession } from "@/lib/auth/current-session";
import { DEFAULT_TEMPLATES, templateInputSchema } from "@/lib/one-on-one/default-templates";
import {
  createTemplate,
  deleteTemplate,
  getTemplate,
  listTemplates,
  seedDefaultTemplates,
  updateTemplate,
} from "@/lib/one-on-one/templates";
import { getPrepForm, savePrepDraft, submitPrepForm, updatePrepForm } from "@/lib/one-on-one/prep-forms";
import { moodTrend } from "@/lib/one-on-one/mood-trend";
import { prepFormSubmitBodySchema } from "@/lib/one-on-one/prep-form";
import { GET as getTemplateOrList } from "@/app/api/one-on-one-templates/[id]/route";
import { POST as seedRoute } from "@/app/api/one-on-one-templates/seed/[orgId]/route";
import { POST as draftRoute } from "@/app/api/one-on-one-prep/route";
import { POST as submitRoute } from "@/app/api/one-on-one/prep-form/route";
import { GET as prepGetRoute } from "@/app/api/one-on-one-prep/[id]/route";
import { call, company as makeCompany, DAY, meeting, refusal, type Route } from "../support/one-on-one";
import { status } from "../support/status";

// Templates and prep forms. The routes are called as Next calls them, with the
// signed-in person given rather than read from a cookie (sessions.test.ts covers that part).
vi.mock("@/lib/auth/current-session", () => ({ currentSession: vi.fn() }));
const signedIn = vi.mocked(currentSession);
beforeEach(() => signedIn.mockReset());

/** The manager and their report (employee -> manager), another manager and another employee, an admin. */
const company = () => makeCompany({ reporting: "pair" });

const tpl = (name: string, questions = ["How was your week?"]) =>
  templateInputSchema.parse({ name, description: "d", templateQuestions: questions });

const prepRows = (orgId: string, userId: string) =>
  withOrg(orgId, (tx) => tx.meetingPrepForm.findMany({ where: { organizationId: orgId } }), { userId });

const notificationsOf = (orgId: string, userId: string) =>
  withOrg(orgId, (tx) =>
    tx.notification.findMany({ where: { organizationId: orgId, userId, type: "prep_form_submitted" } }),
  );

describe("1:1 templates", () => {
  it("admins and managers create, edit and delete; employees only read", async () => {
    const c = await company();
    const created = await createTemplate(c.manager, tpl("Sprint retro", ["What went well?", "What did not?"]));
    expect(created).toMatchObject({
      name: "Sprint retro",
      description: "d",
      isDefault: false,
      key: null,
      templateQuestions: ["What went well?", "What did not?"],
    });

    expect(await status(createTemplate(c.employee, tpl("Mine")))).toBe(403);
    expect(await status(updateTemplate(c.employee, created.id, tpl("Renamed")))).toBe(403);
    expect(await status(deleteTemplate(c.employee, created.id))).toBe(403);
    expect((await listTemplates(c.employee)).map((t) => t.name)).toEqual(["Sprint retro"]);
    expect((await getTemplate(c.employee, created.id)).id).toBe(created.id);

    const renamed = await updateTemplate(c.admin, created.id, tpl("Sprint review"));
    expect(renamed.name).toBe("Sprint review");
    expect(renamed.templateQuestions).toEqual(["How was your week?"]);

    await deleteTemplate(c.admin, created.id);
    expect(await status(getTemplate(c.manager, created.id))).toBe(404);
    expect(await listTemplates(c.manager)).toEqual([]);
  });

  it("refuses a second template of the same name with a field message", async () => {
    const c = await company();
    await createTemplate(c.manager, tpl("Weekly"));
    const err = await refusal(createTemplate(c.admin, tpl("Weekly")));
    expect(err).toMatchObject({ status: 409, code: "template_name_taken" });
    expect(err.fields?.name?.[0]).toContain("Weekly");
    const other = await createTemplate(c.admin, tpl("Other"));
    expect((await refusal(updateTemplate(c.admin, other.id, tpl("Weekly")))).code).toBe("template_name_taken");
    expect((await listTemplates(c.admin)).map((t) => t.name).sort()).toEqual(["Other", "Weekly"]);
  });

  it("seeds the default set once, by key, keeping an organisation's own template of the same name", async () => {
    const c = await company();
    await createTemplate(c.manager, tpl("Weekly Check-in"));
    const first = await seedDefaultTemplates(c.admin);
    expect(first.created).toBe(DEFAULT_TEMPLATES.length);
    expect(first.created).toBeGreaterThanOrEqual(5);
    expect(first.templates).toHaveLength(DEFAULT_TEMPLATES.length + 1);
    expect(
      first.templates
        .filter((t) => t.isDefault)
        .map((t) => t.key)
        .sort(),
    ).toEqual(DEFAULT_TEMPLATES.map((d) => d.key).sort());
    const again = await seedDefaultTemplates(c.manager);
    expect(again.created).toBe(0);
    expect(again.templates.map((t) => t.id).sort()).toEqual(first.templates.map((t) => t.id).sort());
    // A renamed default is still recognised by its key.
    const weekly = first.templates.find((t) => t.key === "weekly-check-in")!;
    await updateTemplate(c.admin, weekly.id, tpl("Our weekly"));
    expect((await seedDefaultTemplates(c.admin)).created).toBe(0);
    // Two at once create one set.
    const d = await company();
    const both = await Promise.all([seedDefaultTemplates(d.admin), seedDefaultTemplates(d.manager)]);
    expect(both[0].created + both[1].created).toBe(DEFAULT_TEMPLATES.length);
    expect(await listTemplates(d.employee)).toHaveLength(DEFAULT_TEMPLATES.length);
    expect(await status(seedDefaultTemplates(d.employee))).toBe(403);
  });

  it("answers another organisation's template as not found, and deletes a template in use", async () => {
    const c = await company();
    const d = await company();
    const theirs = await createTemplate(d.manager, tpl("Theirs"));
    expect(await status(getTemplate(c.admin, theirs.id))).toBe(404);
    expect(await status(updateTemplate(c.admin, theirs.id, tpl("Mine now")))).toBe(404);
    expect(await status(deleteTemplate(c.admin, theirs.id))).toBe(404);
    expect(await status(getTemplate(c.admin, "not-a-uuid"))).toBe(404);
    expect((await getTemplate(d.employee, theirs.id)).name).toBe("Theirs");

    const used = await createTemplate(c.manager, tpl("Used"));
    const m = await meeting(c.manager, c.employee.userId, { templateId: used.id });
    await deleteTemplate(c.manager, used.id);
    const series = await withOrg(
      c.orgId,
      (tx) =>
        tx.meeting.findFirstOrThrow({
          where: { organizationId: c.orgId, id: m },
          select: { series: { select: { templateId: true } } },
        }),
      { userId: c.manager.userId },
    );
    expect(series.series.templateId).toBeNull();

    // Another pair's series is invisible to the deleter (pair-only row-level security); the
    // SECURITY DEFINER detach clears its link all the same, and its meeting keeps the questions.
    const shared = await createTemplate(c.manager, tpl("Shared"));
    const other = await meeting(c.otherManager, c.otherEmployee.userId, { templateId: shared.id });
    await deleteTemplate(c.admin, shared.id);
    expect(await status(getTemplate(c.admin, shared.id))).toBe(404);
    const otherMeeting = await withOrg(
      c.orgId,
      (tx) =>
        tx.meeting.findFirstOrThrow({
          where: { organizationId: c.orgId, id: other },
          select: { series: { select: { templateId: true } } },
        }),
      { userId: c.otherManager.userId },
    );
    expect(otherMeeting.series.templateId).toBeNull();
    // A template from another organisation is never detached from this one's series.
    const foreign = await createTemplate(d.manager, tpl("Foreign"));
    const theirMeeting = await meeting(d.manager, d.employee.userId, { templateId: foreign.id });
    await withOrg(c.orgId, (tx) => tx.$queryRaw`SELECT app_meeting_template_detach(${foreign.id}::uuid)`, {
      userId: c.admin.userId,
    });
    const theirSeries = await withOrg(
      d.orgId,
      (tx) =>
        tx.meeting.findFirstOrThrow({
          where: { organizationId: d.orgId, id: theirMeeting },
          select: { series: { select: { templateId: true } } },
        }),
      { userId: d.manager.userId },
    );
    expect(theirSeries.series.templateId).toBe(foreign.id);
  });

  it("GET /api/one-on-one-templates/{id}: the caller's organisation id lists, a template id reads one, anything else is 404", async () => {
    const c = await company();
    const d = await company();
    const mine = await createTemplate(c.manager, tpl("Mine"));
    const theirs = await createTemplate(d.manager, tpl("Theirs"));
    const get = (id: string) =>
      call(getTemplateOrList as Route, c.employee, c.subdomain, "GET", `/api/one-on-one-templates/${id}`, undefined, {
        id,
      });
    const list = await get(c.orgId);
    expect(list.status).toBe(200);
    expect(((await list.json()) as { id: string }[]).map((t) => t.id)).toEqual([mine.id]);
    const one = await get(mine.id.toUpperCase());
    expect(one.status).toBe(200);
    expect(((await one.json()) as { name: string }).name).toBe("Mine");
    for (const id of [d.orgId, theirs.id, randomUUID(), "nope"]) expect((await get(id)).status).toBe(404);

    const seed = (orgId: string, as = c.admin) =>
      call(seedRoute as Route, as, c.subdomain, "POST", `/api/one-on-one-templates/seed/${orgId}`, undefined, {
        orgId,
      });
    expect((await seed(d.orgId)).status).toBe(404);
    expect((await seed(c.orgId, c.employee)).status).toBe(403);
    const seeded = await seed(c.orgId);
    expect(seeded.status).toBe(200);
    expect(((await seeded.json()) as { created: number }).created).toBe(DEFAULT_TEMPLATES.length);
    expect(await listTemplates(d.manager)).toHaveLength(1);
  });
});

describe("1:1 prep forms", () => {
  it("the employee writes drafts and submits; the manager reads it only once submitted; others get 404", async () => {
    const c = await company();
    const m = await meeting(c.manager, c.employee.userId);
    expect(await getPrepForm(c.employee, m)).toBeNull();

    const draft = await savePrepDraft(c.employee, m, { wins: "Shipped the importer", mood: 2 });
    expect(draft).toMatchObject({
      meetingId: m,
      wins: "Shipped the importer",
      mood: 2,
      stressLevel: 3,
      submittedAt: null,
    });
    const again = await savePrepDraft(c.employee, m, { challenges: "On-call" });
    expect(again).toMatchObject({ id: draft.id, wins: "Shipped the importer", challenges: "On-call", mood: 2 });
    const byId = await updatePrepForm(c.employee, draft.id, { goals: "Finish the migration" });
    expect(byId).toMatchObject({ id: draft.id, goals: "Finish the migration", challenges: "On-call" });

    expect(await getPrepForm(c.employee, m)).toMatchObject({ id: draft.id, submittedAt: null });
    expect(await getPrepForm(c.manager, m)).toBeNull();

    // The manager never writes it.
    expect(await refusal(savePrepDraft(c.manager, m, { wins: "x" }))).toMatchObject({
      status: 403,
      code: "prep_form_employee_only",
    });
    expect((await refusal(updatePrepForm(c.manager, draft.id, { wins: "x" }))).status).toBe(403);
    expect((await refusal(submitPrepForm(c.manager, prepFormSubmitBodySchema.parse({ meetingId: m })))).status).toBe(
      403,
    );
    // Outsiders: the admin, another manager, another employee, another organisation.
    const d = await company();
    for (const outsider of [c.admin, c.otherManager, c.otherEmployee, d.admin]) {
      expect(await status(getPrepForm(outsider, m))).toBe(404);
      expect(await status(savePrepDraft(outsider, m, { wins: "planted" }))).toBe(404);
      expect(await status(updatePrepForm(outsider, draft.id, { wins: "planted" }))).toBe(404);
      expect(
        await status(submitPrepForm(outsider, prepFormSubmitBodySchema.parse({ meetingId: m, wins: "planted" }))),
      ).toBe(404);
      expect(await status(moodTrend(outsider, m))).toBe(404);
    }
    expect(await status(getPrepForm(c.employee, randomUUID()))).toBe(404);
    expect(await status(getPrepForm(c.employee, "nope"))).toBe(404);

    const submitted = await submitPrepForm(
      c.employee,
      prepFormSubmitBodySchema.parse({ meetingId: m, employeeId: c.employee.userId, wins: "Shipped", mood: 3 }),
    );
    expect(submitted.submittedAt).not.toBeNull();
    expect(submitted).toMatchObject({ wins: "Shipped", mood: 3, stressLevel: 3, challenges: "" });
    expect(await getPrepForm(c.manager, m)).toMatchObject({ id: draft.id, wins: "Shipped" });
    const rows = await prepRows(c.orgId, c.employee.userId);
    expect(rows.map((r) => r.wins)).toEqual(["Shipped"]);
  });

  it("notifies the manager on the first submission only", async () => {
    const c = await company();
    const m = await meeting(c.manager, c.employee.userId);
    await submitPrepForm(c.employee, prepFormSubmitBodySchema.parse({ meetingId: m, wins: "One" }));
    const first = await notificationsOf(c.orgId, c.manager.userId);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ actionUrl: `/one-on-one-meeting?meetingId=${m}` });
    const firstStamp = (await getPrepForm(c.manager, m))!.submittedAt;
    const second = await submitPrepForm(c.employee, prepFormSubmitBodySchema.parse({ meetingId: m, wins: "Two" }));
    expect(second).toMatchObject({ wins: "Two", submittedAt: firstStamp });
    expect(await notificationsOf(c.orgId, c.manager.userId)).toHaveLength(1);
    expect(await notificationsOf(c.orgId, c.employee.userId)).toHaveLength(0);
  });

  it("refuses another employee id, and changes after the meeting is completed or cancelled", async () => {
    const c = await company();
    const m = await meeting(c.manager, c.employee.userId);
    const wrong = await refusal(savePrepDraft(c.employee, m, { wins: "x" }, c.otherEmployee.userId));
    expect(wrong.status).toBe(400);
    expect(wrong.fields?.employeeId).toBeDefined();
    expect(await prepRows(c.orgId, c.employee.userId)).toHaveLength(0);

    for (const s of ["completed", "cancelled"] as const) {
      const closed = await meeting(c.manager, c.employee.userId, { status: s });
      expect(await refusal(savePrepDraft(c.employee, closed, { wins: "late" }))).toMatchObject({
        status: 409,
        code: "prep_form_closed",
      });
      expect(
        (await refusal(submitPrepForm(c.employee, prepFormSubmitBodySchema.parse({ meetingId: closed })))).status,
      ).toBe(409);
    }
    expect(await prepRows(c.orgId, c.employee.userId)).toHaveLength(0);
  });

  it("through the routes: a mood of 6 and a 100 KB field are 400 with field messages, and nothing is saved", async () => {
    const c = await company();
    const m = await meeting(c.manager, c.employee.userId);
    const post = (route: Route, path: string, body: unknown) =>
      call(route, c.employee, c.subdomain, "POST", path, body);

    const mood = await post(draftRoute as Route, "/api/one-on-one-prep", { meetingId: m, mood: 6 });
    expect(mood.status).toBe(400);
    expect(((await mood.json()) as { fields: Record<string, string[]> }).fields.mood?.[0]).toBe(
      "Mood must be a whole number from 1 to 5",
    );
    const big = "x".repeat(100 * 1024);
    for (const [route, path] of [
      [draftRoute, "/api/one-on-one-prep"],
      [submitRoute, "/api/one-on-one/prep-form"],
    ] as const) {
      const r = await post(route as Route, path, { meetingId: m, additionalNotes: big });
      expect(r.status).toBe(400);
      expect(((await r.json()) as { fields: Record<string, string[]> }).fields.additionalNotes?.[0]).toBe(
        "Additional notes is at most 5,000 characters",
      );
    }
    const submitMood = await post(submitRoute as Route, "/api/one-on-one/prep-form", { meetingId: m, stressLevel: 0 });
    expect(submitMood.status).toBe(400);
    expect(await prepRows(c.orgId, c.employee.userId)).toHaveLength(0);
    expect(await notificationsOf(c.orgId, c.manager.userId)).toHaveLength(0);

    const ok = await post(draftRoute as Route, "/api/one-on-one-prep", { meetingId: m, wins: "Fine" });
    expect(ok.status).toBe(200);
    const read = await call(
      prepGetRoute as Route,
      c.manager,
      c.subdomain,
      "GET",
      `/api/one-on-one-prep/${m}`,
      undefined,
      { id: m },
    );
    expect(read.status).toBe(200);
    expect(await read.json()).toBeNull();
    const submitted = await post(submitRoute as Route, "/api/one-on-one/prep-form", {
      meetingId: m,
      employeeId: c.employee.userId,
      wins: "Fine",
    });
    expect(submitted.status).toBe(200);
    const read2 = await call(
      prepGetRoute as Route,
      c.manager,
      c.subdomain,
      "GET",
      `/api/one-on-one-prep/${m}`,
      undefined,
      { id: m },
    );
    expect(((await read2.json()) as { wins: string }).wins).toBe("Fine");
  });
});

describe("1:1 mood trend", () => {
  it("the pair's last 12 submitted forms, oldest first, for the pair only", async () => {
    const c = await company();
    const base = Date.now() - 30 * 7 * DAY;
    const ids: string[] = [];
    // 14 past weekly meetings, inserted out of order, each with a submitted form; one more with a draft.
    const order = [3, 0, 13, 7, 1, 12, 2, 4, 11, 5, 6, 10, 8, 9];
    const byWeek = new Map<number, string>();
    for (const w of order) {
      const id = await meeting(c.manager, c.employee.userId, { at: new Date(base + w * 7 * DAY) });
      byWeek.set(w, id);
      await submitPrepForm(
        c.employee,
        prepFormSubmitBodySchema.parse({ meetingId: id, mood: (w % 5) + 1, stressLevel: 5 - (w % 5) }),
      );
    }
    for (let w = 0; w < 14; w++) ids.push(byWeek.get(w)!);
    const draftOnly = await meeting(c.manager, c.employee.userId, { at: new Date(base + 20 * 7 * DAY) });
    await savePrepDraft(c.employee, draftOnly, { mood: 1 });
    // The same employee with another manager: not this pair's.
    const elsewhere = await meeting(c.otherManager, c.employee.userId, { at: new Date(base + 21 * 7 * DAY) });
    await submitPrepForm(c.employee, prepFormSubmitBodySchema.parse({ meetingId: elsewhere, mood: 1 }));

    for (const viewer of [c.manager, c.employee]) {
      const trend = await moodTrend(viewer, draftOnly);
      expect(trend.map((p) => p.meetingId)).toEqual(ids.slice(2));
      expect(trend[0]).toEqual({
        meetingId: ids[2],
        scheduledAt: new Date(base + 2 * 7 * DAY).toISOString(),
        mood: 3,
        stressLevel: 3,
      });
    }
    expect((await moodTrend(c.otherManager, elsewhere)).map((p) => p.meetingId)).toEqual([elsewhere]);
    expect(await status(moodTrend(c.otherManager, draftOnly))).toBe(404);
    expect(await status(moodTrend(c.admin, draftOnly))).toBe(404);
  });
});

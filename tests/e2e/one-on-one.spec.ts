import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test, expect, type Page, AxeBuilder } from "./support/test";
import ICAL from "ical.js";
import { DateTime } from "luxon";
import { E2E_DATA_DIR } from "../../playwright.config";
import { createWorkspace, PASSWORD, type Workspace } from "./support/workspace";
import { signInAs, toastText, workspaceUrl as url } from "./support/pages";
import { completeVaultSetup } from "./support/vault";
import type { MeetingDetail, MeetingListPage, MeetingSeriesPage } from "@/lib/one-on-one/dto";

// The 1:1 journey in a real browser: a manager schedules a weekly 1:1 (the employee's invitation
// carries an RFC 5545 REQUEST with one RRULE, checked with an independent parser); the employee
// prepares it (draft saved as they type, then submitted); the manager reads the answers, reviews
// a suggestion (kept on the server), writes shared and private notes, agrees an action item and
// completes the meeting; the next meeting of the series carries the open item over; the admin of
// the same company gets 'Meeting Not Found'. And the list at phone width.

const ZONE = "Europe/Berlin";
test.use({ timezoneId: ZONE });

/** The parts of the newest mail to `to` that has a text/calendar attachment: its subject and the
 * decoded .ics. Waits for the delivery job to write it. */
async function invitationTo(to: string): Promise<{ subject: string; ics: string; filename: string }> {
  const dir = path.resolve(E2E_DATA_DIR, "mail");
  let found: { subject: string; ics: string; filename: string } | undefined;
  await expect(async () => {
    const mails = readdirSync(dir)
      .sort()
      .map((f) => readFileSync(path.join(dir, f), "utf8"))
      .filter((m) => m.includes(`To: ${to}\r\n`) && m.includes("text/calendar"));
    expect(mails.length, `no mail with a calendar invitation to ${to}`).toBeGreaterThan(0);
    const eml = mails.at(-1)!;
    const boundary = /Content-Type: multipart\/mixed; boundary="([^"]+)"/.exec(eml)?.[1];
    expect(boundary, "the invitation is multipart/mixed").toBeDefined();
    const part = eml.split(`--${boundary}`).find((p) => /Content-Type: text\/calendar/i.test(p));
    expect(part, "a text/calendar part").toBeDefined();
    const [head, ...body] = part!.split("\r\n\r\n");
    const filename = /filename="([^"]+)"/.exec(head!)?.[1] ?? "";
    found = {
      subject: /^Subject: (.*)$/m.exec(eml)?.[1] ?? "",
      ics: Buffer.from(body.join("").replace(/\r\n/g, ""), "base64").toString("utf8"),
      filename,
    };
  }).toPass({ timeout: 20_000 });
  return found!;
}

async function openMeetings(page: Page, ws: Workspace, email: string): Promise<void> {
  await signInAs(page, ws.subdomain, email, PASSWORD);
  await page.goto(url(ws.subdomain, "/one-on-one"));
  await expect(page.getByRole("heading", { name: "1:1 Meetings", level: 1 })).toBeVisible();
  // The list is fetched in the browser: once it is in, the page is hydrated and tabs answer clicks.
  await expect(page.getByTestId("meetings-skeleton")).toHaveCount(0);
}

/** A call from inside the page (its session, its origin): Node here cannot resolve *.localhost. */
async function call<T>(page: Page, method: string, p: string, body?: unknown): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ([m, u, b]) => {
      const res = await fetch(u, {
        method: m,
        headers: b === undefined ? {} : { "content-type": "application/json" },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: res.status, json: (await res.json().catch(() => null)) as never };
    },
    [method, p, body] as const,
  );
}

async function getJson<T>(page: Page, p: string): Promise<T> {
  const res = await call<T>(page, "GET", p);
  expect(res.status, `GET ${p}`).toBe(200);
  return res.json;
}

test("a manager schedules a weekly 1:1; the employee prepares it; the manager reviews, takes notes and completes it; the next one carries the open item; the admin sees 'Meeting Not Found'", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const ws = await createWorkspace("ooo");

  // The manager adds the default templates and schedules a weekly 1:1 with Eve, tomorrow at 10:00.
  await openMeetings(page, ws, ws.manager.email);
  await page.getByRole("tab", { name: "Templates" }).click();
  await page.getByRole("button", { name: "Add Default Templates" }).click();
  await expect(toastText(page, "Templates Created")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Weekly Check-in" })).toBeVisible();

  await page.getByRole("tab", { name: "Schedule New" }).click();
  const form = page.getByRole("form", { name: "Schedule a 1:1 meeting" });
  // Nothing chosen: the product's toast.
  await form.getByRole("button", { name: "Schedule Meeting" }).click();
  await expect(toastText(page, "Missing Information")).toBeVisible();
  await page
    .getByRole("region", { name: /Notifications/ })
    .getByRole("button", { name: "Close" })
    .click();
  await expect(toastText(page, "Missing Information")).toHaveCount(0);
  const member = form.getByLabel("Team member");
  // Exactly the manager's report, never the manager.
  await expect(member.locator("option", { hasText: "Max Tester" })).toHaveCount(0);
  await member.selectOption({ label: `Eve Tester (${ws.team.name})` });
  await form.getByLabel("Template").selectOption({ label: "Weekly Check-in" });
  const when = DateTime.now().setZone(ZONE).plus({ days: 1 }).set({ hour: 10, minute: 0, second: 0, millisecond: 0 });
  await form.getByLabel("Date and time").fill(when.toFormat("yyyy-MM-dd'T'HH:mm"));
  await expect(form.getByLabel("Duration")).toHaveValue("30");
  await form.getByLabel("Repeats").selectOption({ label: "Weekly" });
  await form.getByRole("button", { name: "Schedule Meeting" }).click();
  await expect(toastText(page, "Meeting Scheduled")).toBeVisible();

  const list = await getJson<MeetingListPage>(page, "/api/meetings/one-on-one?when=upcoming");
  const first = list.meetings[0]!;
  expect(new Date(first.scheduledAt).toISOString()).toBe(when.toUTC().toISO({ suppressMilliseconds: false }));
  expect(list.meetings.every((m) => m.seriesId === first.seriesId && m.recurrence === "weekly")).toBe(true);

  // The employee's invitation: one VEVENT with a weekly RRULE, the series' stable UID, the
  // organiser's zone, a REQUEST.
  const mail = await invitationTo(ws.employee.email);
  expect(mail.filename).toMatch(/\.ics$/);
  const cal = new ICAL.Component(ICAL.parse(mail.ics));
  expect(cal.getFirstPropertyValue("method")).toBe("REQUEST");
  const events = cal.getAllSubcomponents("vevent");
  expect(events).toHaveLength(1);
  const vevent = events[0]!;
  const uid = String(vevent.getFirstPropertyValue("uid"));
  // The series id at the workspace's host: the same UID for every later update or cancellation.
  expect(uid).toMatch(new RegExp(`^${first.seriesId}@${ws.subdomain}\\.`));
  const rrule = vevent.getFirstPropertyValue("rrule") as ICAL.Recur;
  expect(rrule.freq).toBe("WEEKLY");
  const event = new ICAL.Event(vevent);
  expect(event.startDate.toJSDate().toISOString()).toBe(new Date(first.scheduledAt).toISOString());

  // The employee prepares: a draft is saved as they type (and is there after a reload), then submitted.
  const employeeContext = await browser.newContext({ timezoneId: ZONE });
  const employee = await employeeContext.newPage();
  await openMeetings(employee, ws, ws.employee.email);
  await employee.getByRole("link", { name: "Open Meeting with Max Tester" }).first().click();
  await expect(employee.getByRole("heading", { name: "Meeting with Max Tester", level: 1 })).toBeVisible();
  await expect(employee.getByRole("button", { name: "Mark Complete" })).toHaveCount(0);
  await employee.getByRole("link", { name: "Fill in the prep form" }).click();
  await expect(employee).toHaveURL(/\/one-on-one-prep\?meetingId=/);
  const prep = employee.getByRole("form", { name: "1:1 Meeting Prep Form" });
  await prep.getByLabel("Wins", { exact: true }).fill("Shipped the onboarding checklist");
  await expect(prep.getByText("Prep Form Saved")).toBeVisible();
  await employee.reload();
  await expect(prep.getByLabel("Wins", { exact: true })).toHaveValue("Shipped the onboarding checklist");
  const draft = await getJson<{ submittedAt: string | null; wins: string } | null>(
    employee,
    `/api/one-on-one-prep/${first.id}`,
  );
  expect(draft).toMatchObject({ wins: "Shipped the onboarding checklist", submittedAt: null });
  // The manager is not shown a draft.
  expect(await getJson<unknown>(page, `/api/one-on-one-prep/${first.id}`)).toBeNull();

  await prep.getByLabel("Workload concerns").fill("Two releases in the same week");
  await prep.getByLabel("Mood").fill("2");
  await prep.getByLabel("Stress level").fill("5");
  await prep.getByRole("button", { name: "Submit" }).click();
  await expect(employee.getByText("Form submitted successfully!")).toBeVisible();
  await employeeContext.close();

  // The manager reviews: the answers, the suggestions (one ticked, kept after a reload).
  await page.goto(url(ws.subdomain, `/one-on-one-meeting?meetingId=${first.id}`));
  await page.getByRole("tab", { name: "Prep Form Responses" }).click();
  await expect(page.getByText("Shipped the onboarding checklist")).toBeVisible();
  await expect(page.getByText("Two releases in the same week")).toBeVisible();
  await page.getByRole("tab", { name: "AI Suggestions" }).click();
  const reviewed = page.getByText(/^\d+\/\d+ reviewed$/);
  await expect(reviewed).toHaveText(/^0\/\d+ reviewed$/);
  const total = Number((await reviewed.textContent())!.split("/")[1]!.split(" ")[0]);
  expect(total).toBeGreaterThan(0);
  await page.getByRole("checkbox").first().check();
  await expect(reviewed).toHaveText(`1/${total} reviewed`);
  await page.reload();
  await page.getByRole("tab", { name: "AI Suggestions" }).click();
  await expect(page.getByText(`1/${total} reviewed`)).toBeVisible();

  // On the meeting page: shared notes, a private note, an action item; then Mark Complete.
  await page.goto(url(ws.subdomain, `/one-on-one/${first.id}`));
  await expect(page.getByRole("heading", { name: "Meeting with Eve Tester", level: 1 })).toBeVisible();
  // The mood and stress trend: the submitted form (mood 2, stress 5) as one dot per series, drawn
  // without a chart library, and said in words.
  const trend = page.getByRole("region", { name: "Mood and stress trend" });
  await expect(
    trend.getByText("Eve's last 1 prep form: mood from 2 to 2 out of 5, stress from 5 to 5 out of 5."),
  ).toBeVisible();
  const picture = trend.getByTestId("mood-picture");
  await expect(picture.locator('[title^="Mood 2,"]')).toHaveCount(1);
  await expect(picture.locator('[title^="Stress 5,"]')).toHaveCount(1);
  await page.getByRole("tab", { name: "Meeting Notes" }).click();
  const notes = page.getByRole("form", { name: "Meeting Notes" });
  await notes.getByLabel("Wins").fill("Onboarding checklist shipped");
  await notes.getByLabel("Notes").fill("Agreed to move one release by a week.");
  await notes.getByRole("button", { name: "Save" }).click();
  await expect(toastText(page, "Meeting Updated")).toBeVisible();

  const privateNote = page.getByLabel("Private note — only you can see this");
  await privateNote.fill("Eve seemed stretched; check in on Friday.");
  // Max's first private entry: the note waits until his recovery key is saved, then saves itself.
  await completeVaultSetup(page);
  await expect(page.locator("#private-note-status")).toHaveText("Saved");

  await page.getByLabel("New action item").fill("Ask Product to move the second release");
  await page.getByLabel("Owner").selectOption({ label: "Max Tester" });
  await page.getByRole("button", { name: "Add action item" }).click();
  await expect(page.getByText("Ask Product to move the second release")).toBeVisible();

  await page.reload();
  await page.getByRole("tab", { name: "Meeting Notes" }).click();
  await expect(page.getByLabel("Private note — only you can see this")).toHaveValue(
    "Eve seemed stretched; check in on Friday.",
  );
  await expect(page.getByRole("form", { name: "Meeting Notes" }).getByLabel("Wins")).toHaveValue(
    "Onboarding checklist shipped",
  );

  await page.getByRole("button", { name: "Mark Complete" }).click();
  // Tomorrow at 10:00 may be more than a day away: then the page asks first.
  const early = page.getByRole("dialog", { name: "Mark this meeting complete now?" });
  await expect(early.or(toastText(page, "Meeting Updated"))).toBeVisible();
  if (await early.isVisible()) await early.getByRole("button", { name: "Mark Complete" }).click();
  await expect(toastText(page, "Meeting Updated")).toBeVisible();
  await expect(page.getByTestId("meeting-status").first()).toHaveText("Completed");
  await expect(page.getByRole("button", { name: "Mark Complete" })).toHaveCount(0);

  // The next meeting of the series shows the open item, with where it came from.
  await page.getByRole("link", { name: /Next meeting/ }).click();
  await expect(page).not.toHaveURL(new RegExp(first.id));
  await page.getByRole("tab", { name: "Meeting Notes" }).click();
  const carried = page.getByRole("listitem").filter({ hasText: "Ask Product to move the second release" });
  await expect(carried.getByText(/^From the meeting on /)).toBeVisible();
  // Nor does the employee's private note leak: this meeting's own note is empty.
  await expect(page.getByLabel("Private note — only you can see this")).toHaveValue("");
  const next = await getJson<MeetingDetail>(page, `/api/meetings/one-on-one/meeting/${page.url().split("/").at(-1)}`);
  expect(next.actionItems.find((a) => a.text === "Ask Product to move the second release")).toMatchObject({
    carriedOver: true,
    originMeetingId: first.id,
    completed: false,
  });

  // The admin of the same company: not their meeting.
  const adminContext = await browser.newContext({ timezoneId: ZONE });
  const admin = await adminContext.newPage();
  await signInAs(admin, ws.subdomain, ws.admin.email, PASSWORD);
  await admin.goto(url(ws.subdomain, `/one-on-one/${first.id}`));
  await expect(admin.getByRole("heading", { name: "Meeting Not Found" })).toBeVisible();
  await expect(admin.getByText("Onboarding checklist shipped")).toHaveCount(0);
  await admin.getByRole("link", { name: "Back to 1:1 Meetings" }).click();
  await expect(admin.getByRole("heading", { name: "1:1 Meetings", level: 1 })).toBeVisible();
  expect((await call(admin, "GET", `/api/meetings/one-on-one/meeting/${first.id}`)).status).toBe(404);
  await adminContext.close();
});

test("on a phone the meetings list fits the screen @phone", async ({ page }) => {
  const ws = await createWorkspace("ooophone");
  await openMeetings(page, ws, ws.manager.email);
  const at = DateTime.now().setZone(ZONE).plus({ days: 2 }).set({ hour: 9, minute: 30, second: 0, millisecond: 0 });
  const res = await call(page, "POST", "/api/meetings/one-on-one", {
    employeeId: ws.employee.id,
    scheduledAt: at.toISO(),
    timeZone: ZONE,
    durationMinutes: 30,
    recurrence: "biweekly",
  });
  expect(res.status).toBe(201);
  await page.reload();
  const rows = page.getByTestId("meeting-row");
  await expect(rows.first()).toBeVisible();
  await expect(rows.first().getByRole("heading", { name: "Meeting with Eve Tester" })).toBeVisible();
  await expect(rows.first().getByText("Every two weeks")).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const open = rows.first().getByRole("link", { name: /^Open/ });
  const box = await open.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await open.click();
  await expect(page.getByRole("heading", { name: "Meeting with Eve Tester", level: 1 })).toBeVisible();
});

/** Every axe finding on the page, whatever its impact (rule id and the first element's markup). */
async function axeFindings(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes[0]?.html ?? ""}`);
}

for (const phone of [false, true]) {
  test(`a weekly series is one row for the manager and the employee; its other meetings open from it; completing days early asks first and moves the meeting out of Upcoming${phone ? " @phone" : ""}`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    const ws = await createWorkspace(phone ? "ooseriesp" : "ooseries");
    await openMeetings(page, ws, ws.manager.email);
    // The documented payload as written: no time zone (the workspace's serves), a status, the manager's id.
    const start = DateTime.now()
      .setZone(ZONE)
      .plus({ days: 3 })
      .set({ hour: 10, minute: 0, second: 0, millisecond: 0 });
    const oneOff = await call<MeetingDetail>(page, "POST", "/api/meetings/one-on-one", {
      managerId: ws.manager.id,
      employeeId: ws.employee.id,
      scheduledAt: start.toISO(),
      status: "scheduled",
    });
    expect(oneOff.status).toBe(201);
    expect(oneOff.json).toMatchObject({ timeZone: "UTC", recurrence: "none" });
    const weekly = await call<MeetingDetail>(page, "POST", "/api/meetings/one-on-one", {
      employeeId: ws.employee.id,
      scheduledAt: start.plus({ hours: 2 }).toISO(),
      timeZone: ZONE,
      recurrence: "weekly",
    });
    expect(weekly.status).toBe(201);
    const series = await getJson<MeetingSeriesPage>(page, "/api/meetings/one-on-one?view=series&when=upcoming");
    const weeklyRow = series.series.find((r) => r.seriesId === weekly.json.seriesId)!;
    expect(weeklyRow.upcomingCount).toBeGreaterThan(20);

    await page.reload();
    const upcoming = page.getByRole("list", { name: "Upcoming meetings" });
    const rows = upcoming.getByTestId("meeting-row");
    // The one-off and the weekly series: two rows, where the list used to show 20 cards and 'Load more'.
    await expect(rows).toHaveCount(2);
    await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);
    const row = rows.filter({ hasText: "Weekly" });
    await expect(row.getByRole("heading", { name: "Meeting with Eve Tester", level: 3 })).toBeVisible();
    await expect(row.getByText(/^Next: /)).toBeVisible();
    await expect(row.getByText(`${weeklyRow.upcomingCount} upcoming meetings`)).toBeVisible();

    // Its other meetings, a page at a time.
    const toggle = row.getByRole("button", { name: /^All meetings/ });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(row.getByRole("button", { name: /^Hide meetings/ })).toHaveAttribute("aria-expanded", "true");
    const occurrences = row.getByTestId("series-meeting");
    await expect(occurrences).toHaveCount(20);
    await row.getByRole("button", { name: "Load more" }).click();
    await expect(occurrences).toHaveCount(weeklyRow.upcomingCount);
    expect(await axeFindings(page)).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    // The second meeting of the series, opened from the list.
    await occurrences.nth(1).getByRole("link").click();
    await expect(page.getByRole("heading", { name: "Meeting with Eve Tester", level: 1 })).toBeVisible();
    const secondId = page.url().split("/").at(-1)!;
    expect(secondId).not.toBe(weekly.json.id);
    await page.goBack();

    // The first one, three days away: Mark Complete asks; 'Not yet' changes nothing.
    await row.getByRole("link", { name: /^Open/ }).click();
    await expect(page).toHaveURL(new RegExp(`/one-on-one/${weekly.json.id}$`));
    expect(await axeFindings(page)).toEqual([]);
    await page.getByRole("button", { name: "Mark Complete" }).click();
    const ask = page.getByRole("dialog", { name: "Mark this meeting complete now?" });
    await expect(ask).toBeVisible();
    await expect(ask).toContainText("more than a day away");
    expect(await axeFindings(page)).toEqual([]);
    await ask.getByRole("button", { name: "Not yet" }).click();
    await expect(ask).toHaveCount(0);
    await expect(page.getByTestId("meeting-status").first()).toHaveText("Scheduled");
    await page.getByRole("button", { name: "Mark Complete" }).click();
    await ask.getByRole("button", { name: "Mark Complete" }).click();
    await expect(toastText(page, "Meeting Updated")).toBeVisible();
    await expect(page.getByTestId("meeting-status").first()).toHaveText("Completed");

    // Back on the list: the series now stands as its next meeting; the completed one is in Past.
    await page.getByRole("link", { name: "Back to 1:1 Meetings" }).click();
    await expect(rows).toHaveCount(2);
    await expect(row.getByTestId("meeting-status")).toHaveText("Scheduled");
    await expect(row.getByText(`${weeklyRow.upcomingCount - 1} upcoming meetings · 1 past meeting`)).toBeVisible();
    const after = await getJson<MeetingListPage>(page, "/api/meetings/one-on-one?when=upcoming");
    expect(after.meetings.map((m) => m.id)).not.toContain(weekly.json.id);
    await page.getByRole("tab", { name: "Past" }).click();
    const past = page.getByRole("list", { name: "Past meetings" }).getByTestId("meeting-row");
    await expect(past).toHaveCount(1);
    await expect(past.getByTestId("meeting-status")).toHaveText("Completed");

    // The employee sees the same two rows from their side.
    const employeeContext = await browser.newContext({
      timezoneId: ZONE,
      ...(phone ? { viewport: page.viewportSize()!, isMobile: true, hasTouch: true } : {}),
    });
    const employee = await employeeContext.newPage();
    await openMeetings(employee, ws, ws.employee.email);
    const theirs = employee.getByRole("list", { name: "Upcoming meetings" }).getByTestId("meeting-row");
    await expect(theirs).toHaveCount(2);
    await expect(
      theirs.filter({ hasText: "Weekly" }).getByRole("heading", { name: "Meeting with Max Tester" }),
    ).toBeVisible();
    await expect(employee.getByRole("button", { name: "Load more" })).toHaveCount(0);
    await employeeContext.close();
  });
}

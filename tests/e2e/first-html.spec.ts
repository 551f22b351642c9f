// The first HTML of a signed-in page carries the page's content, so pages feel fast. A page whose
// data sat behind a <Suspense> boundary or a loading.tsx was sent as a skeleton and revealed by
// React's inline script at least 300 ms after the shell's first paint, after the page's scripts
// had run: the largest paint waited for all of them (Lighthouse mobile 73–81 on the dashboard,
// Boss Bot and a 1:1; 92–94 once the content came with the HTML). So: no boundary may still be
// pending in the HTML as the server sends it (React marks one `<!--$?-->`), and the text a reader
// came for is in it. The page is fetched without running any script.
import { test, expect } from "./support/test";
import { hostOf, request, signIn } from "./support/http";

const DEMO = "freshleadershipworld";
const PASSWORD = "Pulsewell-demo-2026";
const ADMIN = "admin@freshleadershipworld.com";
const MANAGER = "jordan.lee@freshleadershipworld.com";

type Check = { name: string; path: string | ((meetingId: string) => string); who: "admin" | "manager"; text: string };

const PAGES: Check[] = [
  { name: "Dashboard", path: "/", who: "admin", text: "Weekly trends" },
  { name: "Dashboard (manager)", path: "/", who: "manager", text: "How the teams you lead are doing." },
  { name: "Reports", path: "/reports", who: "admin", text: "Team Rankings" },
  { name: "Pulse Overview", path: "/pulse", who: "admin", text: "Marketing" },
  {
    name: "Boss Bot",
    path: "/ai-coach",
    who: "manager",
    text: "Ask about a situation with your team, or start from one of these.",
  },
  { name: "1:1 meeting", path: (id) => `/one-on-one/${id}`, who: "manager", text: "This is a private conversation." },
  {
    name: "1:1 prep form",
    path: (id) => `/one-on-one-prep?meetingId=${id}`,
    who: "manager",
    text: "This is a private conversation.",
  },
  {
    name: "1:1 review",
    path: (id) => `/one-on-one-meeting?meetingId=${id}`,
    who: "manager",
    text: "This is a private conversation.",
  },
  { name: "1:1 meetings", path: "/one-on-one", who: "manager", text: "Meeting with Sam Carter" },
  { name: "Surveys", path: "/surveys", who: "admin", text: "Weekly Pulse" },
];

test("signed-in pages send their content in the first HTML, with no boundary left to stream", async () => {
  const host = hostOf(DEMO);
  const cookies = { admin: await signIn(DEMO, ADMIN, PASSWORD), manager: await signIn(DEMO, MANAGER, PASSWORD) };
  expect(cookies.admin, "admin sign-in").toBeTruthy();
  expect(cookies.manager, "manager sign-in").toBeTruthy();
  const meetings = await request({ host, path: "/api/meetings/one-on-one?when=upcoming", cookie: cookies.manager! });
  const meetingId = /"id":"([0-9a-f-]{36})"/.exec(meetings.body)?.[1];
  expect(meetingId, "a demo 1:1 meeting").toBeTruthy();

  const problems: string[] = [];
  for (const p of PAGES) {
    const path = typeof p.path === "string" ? p.path : p.path(meetingId!);
    const res = await request({ host, path, cookie: cookies[p.who]! });
    expect(res.status, `${p.name} (${path}) answers`).toBe(200);
    // Scripts (the RSC payload repeats the page's text) are left out: only what paints counts.
    const markup = res.body.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");
    if (markup.includes("<!--$?-->"))
      problems.push(`${p.name}: a Suspense boundary is still pending in the first HTML`);
    if (!markup.includes(p.text)) problems.push(`${p.name}: '${p.text}' is not in the first HTML`);
  }
  expect(problems).toEqual([]);
});

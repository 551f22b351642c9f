// The demo workspace's leadership library and Boss Bot conversations, through the product's own
// domain functions (lib/library/content.ts, lib/coach/reply.ts), so a newcomer sees on first start:
// the company's own items beside the built-in library on /admin/content-library, and on /ai-coach
// a finished conversation whose answers quote and cite them. Called by demo-history.ts (same
// react-server process, after the pulse rounds, so the team question has results to use).
import type { AuthContext } from "@/lib/auth/context";
import { demoSession } from "./demo-vaults";
import type { ContentInput } from "@/lib/library/schemas";
import { DEMO } from "./demo-data";

/** The company's own library: what an admin would paste from their handbook. */
const DEMO_LIBRARY: ContentInput[] = [
  {
    title: "Our 1:1 standard at Fresh Leadership World",
    contentType: "template",
    category: "coaching_techniques",
    tags: ["one-on-one", "weekly", "agenda", "coaching"],
    priority: 4,
    content: [
      "## Situation",
      "Every manager here holds a 30-minute 1:1 with each report every week. The 1:1 belongs to the report: they bring the agenda, the manager listens more than they talk.",
      "",
      "## Approach",
      "Open with how they are, not with status. Ask one question about energy and workload, one about growth, and one about what gets in their way. Write down what you agree, and start the next 1:1 with it.",
      "",
      "## Script",
      '"{name}, this is your time. What\'s on your mind this week? On a scale of one to five, how is your energy? What is one thing I could take off your plate?"',
      "",
      "## Next steps",
      "- Share a running 1:1 document with each report.",
      "- Move, never cancel, a 1:1; if you must, offer a new time the same day.",
      "- Review the agreed actions at the start of each meeting.",
    ].join("\n"),
  },
  {
    title: "How we give feedback here",
    contentType: "framework",
    category: "communication",
    tags: ["feedback", "sbi", "recognition", "growth"],
    priority: 4,
    content: [
      "## Situation",
      "At Fresh Leadership World feedback is given within a week of what happened, in private when it is critical and in public when it is praise.",
      "",
      "## Approach",
      "Use Situation, Behaviour, Impact: describe the moment, the observable behaviour and its effect on the team or the customer, then ask for their view before agreeing on one change.",
      "",
      "## Script",
      '"{name}, in Tuesday\'s customer call (situation) you interrupted the client twice (behaviour), and they went quiet for the rest of the meeting (impact). How did it feel from your side?"',
      "",
      "## Next steps",
      "- Give at least three pieces of specific praise for each piece of critical feedback.",
      "- Follow up in the next 1:1 on the change you agreed.",
      "- Ask for feedback on your own leadership once a month.",
    ].join("\n"),
  },
  {
    title: "Hybrid work agreements for our teams",
    contentType: "methodology",
    category: "team_dynamics",
    tags: ["hybrid", "remote", "office days", "team agreement"],
    priority: 3,
    content: [
      "## Situation",
      "Our teams work two office days a week. When people come in on different days, the office days lose their point and remote colleagues feel left out of decisions.",
      "",
      "## Approach",
      "Each team agrees its anchor days together, decides which work needs the office (planning, workshops, onboarding) and writes down how decisions made in the room reach the people at home.",
      "",
      "## Script",
      '"Let\'s agree on the two days we are all in, and what we save for those days. What would make the commute worth it for you, {name}?"',
      "",
      "## Next steps",
      "- Hold a 30-minute team session to agree the anchor days.",
      "- Record decisions in the team channel on the same day.",
      "- Revisit the agreement after the next Hybrid work check-in results.",
    ].join("\n"),
  },
];

/** What the demo's admin asked Boss Bot: a first question about one person, then one about the team. */
const DEMO_COACH_QUESTIONS = [
  "Jordan, one of my reports, has gone quiet in meetings and seems disengaged lately. How should I approach it?",
  "How is my team doing in the latest pulse, and what should I focus on?",
];

export async function seedDemoCoach(orgId: string): Promise<{ items: number; messages: number }> {
  const { withOrg } = await import("@/lib/db/tenant");
  const { createContent } = await import("@/lib/library/content");
  const { replyOnce } = await import("@/lib/coach/reply");
  const admin = await withOrg(orgId, (tx) =>
    tx.user.findFirstOrThrow({ where: { organizationId: orgId, email: DEMO.admin.email }, select: { id: true } }),
  );
  // Seeding acts as the admin, signed in with their vault open (demo-vaults.ts): the conversation
  // goes into their vault like any other.
  const ctx: AuthContext = await demoSession(orgId, DEMO.admin.email);
  if (ctx.userId !== admin.id) throw new Error("The demo admin's session is someone else's");
  for (const item of DEMO_LIBRARY) await createContent(ctx, item);
  // What the library-embed job does after a save, done now so the conversation below already
  // finds the company's items by meaning.
  const { refreshLibraryEmbeddings } = await import("@/lib/library/semantic/refresh");
  await refreshLibraryEmbeddings(orgId);
  let conversationId: string | undefined;
  let messages = 0;
  for (const message of DEMO_COACH_QUESTIONS) {
    const { prepared, aiMessage } = await replyOnce(ctx, { message, conversationId });
    conversationId = prepared.conversation.id;
    messages += aiMessage ? 2 : 1;
  }
  return { items: DEMO_LIBRARY.length, messages };
}

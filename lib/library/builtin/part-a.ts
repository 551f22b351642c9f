import type { BuiltinItem } from "./types";

/**
 * Part A of the built-in library (Pulsewell's own writing): conflict resolution, delegation,
 * burnout prevention, team building, performance management, communication, leadership development.
 */
export const PART_A: BuiltinItem[] = [
  // ---------------------------------------------------------------- conflict_resolution
  {
    id: "pw-colleague-conflict-mediation",
    title: "Mediating a Conflict Between Two Team Members",
    contentType: "methodology",
    category: "conflict_resolution",
    tags: ["conflict", "mediation", "peers", "tension", "friction"],
    priority: 5,
    situation:
      "Two people on your team are clashing: short replies in channels, sighs in meetings, each one coming to you separately with their side of the story. The rest of the team is starting to tiptoe around them and work is slowing at the hand-offs between them.",
    approach:
      "1. Meet each person alone first and only listen: what happened, what it cost them, what they need. 2. Separate facts (missed hand-off on Tuesday) from interpretations (she does not respect me). 3. Bring them together with a shared goal stated up front, and ground rules: one speaks at a time, describe impact rather than intent. 4. Ask each to restate the other's view until the other agrees it is fair. 5. Agree on two or three concrete working agreements (how hand-offs happen, how disagreement is raised) and a date to review them. Stay neutral: your job is the process, not the verdict.",
    script:
      "\"{name}, I have noticed the tension between you and Alex and I want to help you both work well together, not pick a side. Before we all sit down, I would like to hear your view: what has happened, and what has it been like for you? I will ask Alex the same. When we meet together, the goal is simple: agree how the two of you hand work over and how you raise it when something bothers you. Does that sound fair?\"",
    nextSteps: [
      "Hold separate 20-minute listening conversations with each person this week.",
      "Write down the facts and the shared goal before the joint meeting.",
      "Run a joint meeting of 45 minutes that ends with two or three written working agreements.",
      "Check in with both, separately, two weeks later and adjust the agreements.",
    ],
  },
  {
    id: "pw-conflict-one-on-one-first-talk",
    title: "When One Report Complains About a Colleague",
    contentType: "script",
    category: "conflict_resolution",
    tags: ["complaint", "colleague", "listening", "conflict", "coaching"],
    priority: 4,
    situation:
      "A team member comes to you upset about a colleague: they take credit, interrupt, or leave work half done. You want to support them without becoming the go-between for every disagreement, and without judging someone who is not in the room.",
    approach:
      "Listen fully and acknowledge the feeling before anything else. Ask for specific examples and their impact. Then coach rather than rescue: ask what they have already tried and whether they have spoken to the colleague directly. Offer to help them plan that conversation. Step in yourself only when there is a pattern, a policy issue, or they have tried and it has not worked.",
    script:
      "\"Thank you for telling me, {name}; it sounds frustrating. Can you walk me through one or two recent examples, and what they meant for your work? Have you had a chance to raise it with them directly? If you would like, we can plan that conversation together now: what you want to say and what you want to ask for. If it keeps happening after that, I will get involved.\"",
    nextSteps: [
      "Note the specific examples and dates they shared.",
      "Help them draft an opening line for talking with the colleague.",
      "Agree a date to follow up on how the conversation went.",
      "Watch the two working together in the meantime, without acting on hearsay.",
    ],
  },
  {
    id: "pw-team-disagreement-decision",
    title: "Turning a Team Disagreement into a Decision",
    contentType: "framework",
    category: "conflict_resolution",
    tags: ["disagreement", "decision making", "debate", "alignment", "commitment"],
    priority: 4,
    situation:
      "Your team keeps reopening the same argument, such as which approach to take on a project. Meetings end without a decision, people lobby you privately, and the losing side quietly drags its feet after a call is made.",
    approach:
      "Use 'disagree, then commit'. 1. Name the decision and who makes it (you, the team by consent, or an owner). 2. Set a time box for debate. 3. Ask each side to present the strongest version of the other side's case. 4. Agree the criteria that matter (cost, risk, time) before scoring the options. 5. Decide, write down why, and say what new evidence would reopen it. 6. Ask everyone explicitly to commit, including those who disagreed.",
    script:
      "\"We have gone around this twice, and I think both options have real merit. Here is how we will decide: we have 30 minutes of debate, we agree the criteria first, and then Priya, as owner, makes the call. If you disagree, say it now; once we decide, I am asking all of us to commit fully. We will revisit it only if the numbers change after the first month.\"",
    nextSteps: [
      "Write a one-paragraph decision record: options, criteria, decision, reason.",
      "Share it with the team the same day.",
      "Name the trigger that would reopen the decision.",
      "Thank the people who argued against it for improving the decision.",
    ],
  },
  {
    id: "pw-conflict-styles-map",
    title: "Five Ways People Handle Conflict, and How to Work With Each",
    contentType: "framework",
    category: "conflict_resolution",
    tags: ["conflict styles", "avoiding", "competing", "collaborating", "self awareness"],
    priority: 3,
    situation:
      "People on your team respond to tension very differently: one goes quiet, one pushes hard to win, one gives in to keep the peace. Their styles collide and you cannot tell whether the disagreement is about the work or about how they argue.",
    approach:
      "Map the common styles: avoiding (withdraws), accommodating (gives in), competing (pushes to win), compromising (splits the difference) and collaborating (looks for a solution that meets both needs). None is wrong; each fits some moments. Help each person notice their default, then invite avoiders to speak earlier, ask competers to ask a question before making a point, and save collaboration for decisions that truly matter.",
    script:
      "\"{name}, I have noticed that when things get tense in meetings you tend to go quiet, and we lose your view, which is usually a good one. Many of us have a default way of handling disagreement. Could we try something: in the next planning meeting, share your concern early, even if it is half-formed? I will make space for it.\"",
    nextSteps: [
      "Share the five styles with the team in a retro and ask each person to name their default.",
      "Agree one team habit, such as a round where everyone speaks before a decision.",
      "Give private feedback to one person whose style is costing the team.",
    ],
  },
  {
    id: "pw-conflict-with-manager-peer",
    title: "Resolving Friction With Another Team's Manager",
    contentType: "case_study",
    category: "conflict_resolution",
    tags: ["cross team", "peer manager", "dependencies", "priorities", "escalation"],
    priority: 3,
    situation:
      "A manager of another team keeps changing priorities that your team depends on, and your people are frustrated by rework. In one case a product lead and an engineering lead had stopped talking except through tickets, and both teams were blaming each other in retros.",
    approach:
      "The engineering lead asked for a 30-minute coffee, opened by naming a shared goal (the launch), and described the impact on her team with two concrete examples rather than accusations. She asked what pressures the product lead was under and learned about a sales commitment she had not known about. Together they agreed a weekly 15-minute priority sync and a rule that changes after Wednesday wait for the next sprint. Escalation to their own managers was kept as a last resort and never needed.",
    script:
      "\"I want our teams to ship this launch well, and I think we are getting in each other's way. Twice this month priorities changed after my team had started, which cost us about a week of rework. I suspect there is pressure on your side I cannot see. Can you tell me about it, and can we find a rhythm that works for both of us?\"",
    nextSteps: [
      "Book a one-to-one with the other manager rather than raising it in a group meeting.",
      "Bring two concrete examples with their cost in time.",
      "Propose one working rule, such as a weekly priority sync.",
      "Tell your team what was agreed so the blame stops.",
    ],
  },
  {
    id: "pw-conflict-after-heated-meeting",
    title: "Repairing Trust After a Heated Meeting",
    contentType: "script",
    category: "conflict_resolution",
    tags: ["repair", "heated meeting", "apology", "trust", "emotions"],
    priority: 3,
    situation:
      "A meeting got out of hand: voices were raised, someone said something personal, and people left upset. Maybe you lost your temper yourself. If nobody addresses it, the moment hardens into resentment.",
    approach:
      "Address it within a day. Speak to the people most affected one to one first. If you contributed, own your part plainly without excuses. Acknowledge the emotion, then return to the issue that sparked it, and agree how the team will handle that kind of disagreement next time. Do not force a public apology from anyone.",
    script:
      "\"{name}, I want to talk about yesterday's meeting. It got heated, and I did not handle my part well when I cut you off; I am sorry. Your point about the timeline deserved a proper hearing. How are you feeling about it today? I would like to pick the topic up again, calmly, on Thursday.\"",
    nextSteps: [
      "Talk one to one with each person affected within 24 hours.",
      "Reschedule the unresolved topic with a clear agenda.",
      "Propose a team norm: anyone can call a five-minute pause when it gets heated.",
    ],
  },
  // ---------------------------------------------------------------- delegation
  {
    id: "pw-delegation-levels",
    title: "Delegating With Clear Levels of Authority",
    contentType: "framework",
    category: "delegation",
    tags: ["delegation", "authority", "ownership", "empowerment", "decision rights"],
    priority: 5,
    situation:
      "You are the bottleneck: work waits for your answer, and you are working evenings. When you hand tasks over, people come back to check every small choice, or they decide something you expected to be asked about.",
    approach:
      "Make the level of authority explicit each time you delegate. Level 1: look into it and report back. Level 2: recommend and I decide. Level 3: decide and tell me before acting. Level 4: decide, act, and tell me after. Level 5: fully yours, no need to report. State the outcome, the constraints (budget, deadline, who to involve) and the level. Raise the level as trust grows.",
    script:
      "\"{name}, I would like you to own the vendor selection for the new tool. The outcome is a signed contract by the end of next month, within the budget we discussed. For this one you decide, then tell me before you sign, so that is level three. If that works, next time it can be fully yours. What do you need from me to get started?\"",
    nextSteps: [
      "List the recurring tasks that wait on you and pick three to hand over.",
      "For each, write the outcome, the constraints and the authority level.",
      "Agree check-in points with each owner instead of ad-hoc checking.",
      "Raise the level one step after each successful hand-over.",
    ],
  },
  {
    id: "pw-stop-micromanaging",
    title: "Moving From Micromanaging to Trusting Your Team",
    contentType: "methodology",
    category: "delegation",
    tags: ["micromanagement", "trust", "autonomy", "control", "check ins"],
    priority: 5,
    situation:
      "You catch yourself rewriting people's work, asking for updates several times a day, or being copied on everything. Your team has stopped taking initiative and someone has hinted that they feel watched.",
    approach:
      "1. Name what you are afraid of (a mistake reaching the client, missing a deadline) and set up a safeguard for that risk only. 2. Agree outcomes and check-in points in advance, so updates come on a rhythm instead of on demand. 3. Review results, not methods: if the result meets the bar, resist changing it to your style. 4. Ask your team directly what you do that feels like micromanaging and stop one thing at a time.",
    script:
      "\"I have realised I have been checking in on your work far more than I need to, and I suspect it has felt like I do not trust you. That is on me, and I want to change it. Could we agree on a Tuesday and Thursday update instead, and you come to me in between only if you are stuck? And please tell me if I slip back into old habits.\"",
    nextSteps: [
      "Write down the one risk you are really worried about and one safeguard for it.",
      "Replace ad-hoc status requests with two scheduled check-ins a week.",
      "Remove yourself from one email thread or channel you do not need to be in.",
      "Ask for feedback on your habits in your next three 1:1s.",
    ],
  },
  {
    id: "pw-delegation-handover-template",
    title: "Task Hand-Over Brief Template",
    contentType: "template",
    category: "delegation",
    tags: ["handover", "brief", "delegation", "expectations", "clarity"],
    priority: 3,
    situation:
      "Work you delegate comes back different from what you pictured, and both of you are frustrated. Usually the outcome, the deadline or the 'done' standard was in your head but never said aloud.",
    approach:
      "Use a short written brief for any task of more than a day: 1. Why it matters (who it is for). 2. What done looks like, with an example if possible. 3. Deadline and check-in points. 4. Constraints: budget, tools, people to involve, things not to change. 5. Authority level. 6. Where to get help. Ask the person to play the brief back in their own words before starting.",
    script:
      "\"Here is the brief for the quarterly report, {name}. It is for the leadership meeting on the 14th, so the audience is the executives. Done means five slides with the three key numbers up front, like last quarter's version. Let us check in on Wednesday with a draft outline. Before you start, can you tell me in your own words what you are aiming for, so I know I explained it well?\"",
    nextSteps: [
      "Copy the six headings into a note you reuse for every hand-over.",
      "Ask for a play-back before the work starts.",
      "Put the check-in dates in both calendars.",
    ],
  },
  {
    id: "pw-delegating-growth-stretch",
    title: "Delegating Stretch Work to Grow Your People",
    contentType: "script",
    category: "delegation",
    tags: ["stretch assignment", "development", "growth", "delegation", "career"],
    priority: 3,
    situation:
      "You keep the interesting and visible work for yourself because it is faster, while your team handles routine tasks. People are plateauing, and one has asked what they can do to grow.",
    approach:
      "Choose work that is slightly beyond the person's current skill and matters to the business. Say explicitly that it is a development opportunity, so a rough first attempt is expected. Offer support proportional to the stretch: pair on the first step, then step back. Give them the credit publicly when it lands.",
    script:
      "\"{name}, you told me you want more experience presenting to customers. I would like you to lead the quarterly review with Acme next month. It will stretch you, and that is the point: I will help you prepare and sit in on the first half, then let you run it. How does that feel, and what would make you more confident going in?\"",
    nextSteps: [
      "Match one piece of your own work to each report's growth goal.",
      "Plan a preparation session and a debrief for the stretch task.",
      "Credit the person by name when you report the result upward.",
    ],
  },
  // ---------------------------------------------------------------- burnout_prevention
  {
    id: "pw-burnout-early-signs",
    title: "Spotting the Early Signs of Burnout",
    contentType: "framework",
    category: "burnout_prevention",
    tags: ["burnout", "exhaustion", "warning signs", "wellbeing", "cynicism"],
    priority: 5,
    situation:
      "A dependable person on your team has changed: messages late at night, irritability, more small mistakes, withdrawal from the chat they used to enjoy, or a new cynicism about the work. They say they are fine.",
    approach:
      "Burnout usually shows in three ways: exhaustion (tired, sick more often, working longer for less), cynicism or distance (detached, sarcastic, skipping social moments) and reduced effectiveness (mistakes, slower output). Look for a change from the person's own baseline, not a single bad week. Check your team's workload data and survey scores for the same pattern across people: burnout is usually a workload and system problem, not a personal weakness.",
    script:
      "\"{name}, I wanted to check in on how you are really doing. I have noticed you have been online late most nights and you seem more stretched than usual, and I care about you more than about any deadline. There is no wrong answer here. What is weighing on you at the moment, and what would make the biggest difference?\"",
    nextSteps: [
      "Note the changes you have observed and when they started.",
      "Have a private, unhurried check-in this week.",
      "Review the person's workload and remove or postpone at least one item.",
      "Mention the employee assistance programme if one exists.",
    ],
  },
  {
    id: "pw-burnout-workload-reset",
    title: "Workload Reset Conversation for an Overloaded Report",
    contentType: "script",
    category: "burnout_prevention",
    tags: ["workload", "overload", "prioritisation", "capacity", "burnout"],
    priority: 5,
    situation:
      "One of your people is carrying too much: several projects, on-call, and requests coming straight from other teams. They will not say no, and you can see the quality and their energy slipping.",
    approach:
      "List everything they are carrying together, including the invisible work. Sort it into must keep, can wait, can move and can stop. You make the trade-offs, not them: tell stakeholders yourself what will slip. Agree a protection rule for new requests (they go through you) and a working-hours boundary you will model yourself.",
    script:
      "\"{name}, let us put everything you are working on onto one list, including the stuff nobody sees. You are doing the work of two people and that is my problem to fix, not yours. Let us pick what stops or waits, and I will tell the other teams myself. From now on, send new requests my way first, so you do not have to be the one saying no.\"",
    nextSteps: [
      "Make the full workload list together in your next 1:1.",
      "Remove or postpone at least two items and tell stakeholders yourself.",
      "Route new requests for this person through you for a month.",
      "Check energy and workload again in two weeks.",
    ],
  },
  {
    id: "pw-team-sustainable-pace",
    title: "Building a Sustainable Pace for the Whole Team",
    contentType: "methodology",
    category: "burnout_prevention",
    tags: ["sustainable pace", "overtime", "boundaries", "rest", "team health"],
    priority: 4,
    situation:
      "Your team has been in crunch mode for months: one deadline after another, late releases, weekend messages. Survey scores for wellbeing and workload have dropped and two people have mentioned feeling exhausted.",
    approach:
      "1. Make the pace visible: track overtime, after-hours messages and on-call load. 2. Plan to 80% of capacity so there is room for the unexpected. 3. Set team norms: no messages expected after hours, scheduled sends, meeting-free focus blocks. 4. After each crunch, schedule recovery time explicitly. 5. Model it yourself: leaders who email at midnight set the real norm.",
    script:
      "\"I want to be honest with all of you: the last three months have been too intense, and that is not how I want us to work. Starting this sprint we plan for 80 percent of our capacity, nobody is expected to reply after six, and Friday afternoons are meeting-free. If a deadline cannot fit inside that, I will renegotiate it. Tell me if you see me breaking these rules.\"",
    nextSteps: [
      "Share the wellbeing results with the team and name the problem openly.",
      "Set two or three explicit team norms for working hours.",
      "Plan the next sprint at 80% capacity.",
      "Book recovery days after the next major deadline.",
    ],
  },
  {
    id: "pw-burnout-return-after-leave",
    title: "Welcoming Someone Back After Stress Leave",
    contentType: "script",
    category: "burnout_prevention",
    tags: ["return to work", "stress leave", "phased return", "support", "wellbeing"],
    priority: 3,
    situation:
      "A team member is returning after time off for stress or burnout. You want them to feel welcome and not pressured, and you are unsure what to say or how much work to give them.",
    approach:
      "Agree a phased return before day one with HR: reduced hours or scope for the first weeks. Let the person decide what colleagues are told. On the first day focus on welcome and reconnection, not the backlog. Agree a few first tasks, weekly check-ins, and what early signs they want you to watch for.",
    script:
      "\"Welcome back, {name}, it is really good to see you. There is no pile waiting for you: we covered what we needed to. For the first few weeks let us keep things light; I have picked two things for you to ease in with. What would you like the team to know, if anything? And is there anything you would like me to notice or do if things start to feel heavy again?\"",
    nextSteps: [
      "Agree a phased return plan with HR and the person before they come back.",
      "Clear their backlog or reassign it in advance.",
      "Book weekly check-ins for the first six weeks.",
    ],
  },
];

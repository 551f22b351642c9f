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
    tags: ["conflict", "mediation", "coworkers", "tension", "friction", "not getting along"],
    priority: 5,
    situation:
      "Two people on your team are clashing and cannot stand working together: short replies in channels, sighs in meetings, each one coming to you separately with their side of the story. The rest of the team is starting to tiptoe around them and work is slowing at the hand-offs between them.",
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
      "A team member comes to you upset or venting about a colleague: they take credit, interrupt, or leave work half done. You want to support them without becoming the go-between or middleman for every disagreement, and without judging someone who is not in the room.",
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
      "A meeting got out of hand and turned into a shouting match: voices were raised, someone said something personal, and people left upset. Maybe you lost your temper yourself. If nobody addresses it, the moment hardens into resentment.",
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
      "You are the bottleneck: work waits for your answer or approval, you cannot let go or hand things off, and you are working evenings. When you hand tasks over, people come back to check every small choice, or they decide something you expected to be asked about.",
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
      "Work you delegate or assign comes back different from what you pictured, and both of you are frustrated. Usually the outcome, the deadline or the 'done' standard was in your head but never said aloud.",
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
      "You keep the interesting and visible work for yourself because it is faster, while your team handles routine tasks. People are plateauing, and one has asked what they can do to grow or get promoted, and which opportunities are open to them.",
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
      "A dependable person on your team may be burning out. They have changed: messages late at night, irritability, more small mistakes, withdrawal from the chat they used to enjoy, or a new cynicism about the work. They say they are fine.",
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
  // ---------------------------------------------------------------- team_building
  {
    id: "pw-psychological-safety-building",
    title: "Building Psychological Safety So People Speak Up",
    contentType: "framework",
    category: "team_building",
    tags: ["psychological safety", "speaking up", "trust", "mistakes", "candour"],
    priority: 5,
    situation:
      "Your team stays quiet in meetings, people fear raising problems, issues surface late, and nobody admits a mistake until it is too late to fix cheaply. Survey comments mention not feeling safe to disagree with leadership.",
    approach:
      "Psychological safety is the shared belief that it is safe to take interpersonal risks. Build it in three moves: 1. Frame the work as uncertain, so input is needed ('we have not done this before; I will miss things'). 2. Model fallibility: share your own mistakes and what you learned. 3. Respond productively when people speak up: thank them, ask a follow-up question, and never punish the messenger. Add structure so quieter people get a turn: written input before discussion, rounds, anonymous questions.",
    script:
      "\"Before we start, I want to say something. This project is new for all of us, and I am certain I will get things wrong; I need you to tell me when I do. Last week I missed a risk that Jo flagged, and I am grateful she did. So today, let us start with a quiet five minutes: everyone writes down one concern, and we go through them all.\"",
    nextSteps: [
      "Share one of your own recent mistakes at the next team meeting.",
      "Thank the next person who raises a problem, in front of the team.",
      "Add a silent-writing round to decision meetings.",
      "Track the psychological safety survey question round by round.",
    ],
  },
  {
    id: "pw-team-charter-workshop",
    title: "Team Charter Workshop for a New or Changing Team",
    contentType: "template",
    category: "team_building",
    tags: ["team charter", "norms", "working agreements", "purpose", "new team"],
    priority: 4,
    situation:
      "Your team is new, has merged with another, or has grown quickly. People work in different ways, expectations collide (reply times, meetings, who decides), and nobody has said out loud what the team is for.",
    approach:
      "Run a 90-minute workshop that produces a one-page charter: 1. Purpose: why we exist and for whom (one sentence). 2. Goals for the next two quarters. 3. Roles and who decides what. 4. Working agreements: meeting habits, reply times, focus time, how we disagree. 5. How we will know it works (signals to review). Let the team write it; you facilitate. Revisit it every quarter.",
    script:
      "\"We are a new team, and each of us brings habits from somewhere else. Today I would like us to write down together how we want to work: why we exist, what we are aiming for, who decides what, and a few agreements about meetings and communication. I will facilitate, but it is your charter, not mine. Let us start with one question: who are we really here to serve?\"",
    nextSteps: [
      "Book a 90-minute session with the whole team.",
      "Prepare the five headings on a shared board.",
      "Publish the one-page charter where the team works.",
      "Put a quarterly charter review in the calendar.",
    ],
  },
  {
    id: "pw-remote-team-connection",
    title: "Building Connection in a Remote or Hybrid Team",
    contentType: "methodology",
    category: "team_building",
    tags: ["remote", "hybrid", "connection", "belonging", "rituals"],
    priority: 4,
    situation:
      "Your team is spread across locations and time zones. Meetings are purely transactional, newer people barely know their colleagues, and people who work from home feel left out of the decisions made in the office.",
    approach:
      "1. Create small rituals: a weekly 15-minute check-in with no agenda, a channel for wins and personal news. 2. Pair people on work across locations rather than within them. 3. Use a 'one remote, all remote' rule: if one person dials in, everyone joins from their own screen. 4. Meet in person with a purpose a few times a year, and spend the time on relationships and planning, not status updates. 5. Rotate meeting times so the same time zone does not always pay.",
    script:
      "\"I have noticed we only talk when there is a task to discuss, and some of you have barely met each other. I would like to try a few things for the next month: a 15-minute Monday coffee with no agenda, pairing across locations on the next project, and when one of us is remote, all of us join from our own laptops. Let us try it and see what sticks.\"",
    nextSteps: [
      "Start a weekly no-agenda 15-minute team call.",
      "Adopt the one-remote-all-remote rule for meetings.",
      "Pair two people from different locations on the next piece of work.",
      "Plan one purposeful in-person gathering this half-year.",
    ],
  },
  {
    id: "pw-recognition-that-lands",
    title: "Recognition That Actually Lands",
    contentType: "framework",
    category: "team_building",
    tags: ["recognition", "appreciation", "praise", "motivation", "morale"],
    priority: 4,
    situation:
      "Your team works hard but people say in surveys that their effort goes unnoticed. Your praise tends to be a quick 'great job' in a channel, and the same few visible people get most of it.",
    approach:
      "Make recognition specific, timely and fair. Specific: name the behaviour and its impact ('your test plan caught the billing bug before release, which saved us a weekend'). Timely: within days, not at review time. Fair: keep a simple log so quieter and behind-the-scenes work gets noticed too. Ask each person how they like to be recognised: some love public thanks, others prefer a private note or a mention to senior leaders.",
    script:
      "\"{name}, I want to thank you properly for the migration last week. You spotted the data problem on Tuesday night, wrote it up clearly, and because of that we avoided a day of downtime for our customers. That kind of care is exactly what this team needs. I am also going to mention it to the leadership team on Friday.\"",
    nextSteps: [
      "Ask each report in their next 1:1 how they prefer to be recognised.",
      "Keep a weekly note of contributions, especially the invisible ones.",
      "Give at least two specific recognitions each week.",
    ],
  },
  // ---------------------------------------------------------------- performance_management
  {
    id: "pw-performance-review-no-surprises",
    title: "Delivering a Performance Review With No Surprises",
    contentType: "template",
    category: "performance_management",
    tags: ["performance review", "appraisal", "rating", "evaluation", "year end"],
    priority: 4,
    situation:
      "Review season is here. You have to write and deliver an evaluation, maybe a rating below what the person expects, and you worry the conversation will turn into an argument about the score instead of a useful look at the year and the next one.",
    approach:
      "Nothing in a review should be new: if it is, the feedback came too late. Prepare with the person's goals, your notes from 1:1s and their self-assessment. Structure the meeting: 1. Their view first. 2. Strengths with two concrete examples. 3. One or two growth areas with examples and impact. 4. The rating and how it was reached, said plainly. 5. Most of the time on the next six months: goals and support. Send a written summary afterwards.",
    script:
      "\"{name}, thank you for your self-assessment; I would like to start with your view of the year. Then I will share mine: the two things that stood out most, your work on onboarding and how you handled the outage, and one area where I want to see growth, which is planning larger pieces of work. Your rating is 'meets expectations', and I will explain how we reached it. Then let us spend most of our time on what the next six months look like for you.\"",
    nextSteps: [
      "Ask for a self-assessment a week before the meeting.",
      "Collect two examples for each strength and growth area from your 1:1 notes.",
      "Spend at least half of the meeting on the next period's goals.",
      "Send a written summary within two days.",
    ],
  },
  {
    id: "pw-missed-deadlines-conversation",
    title: "Addressing Repeatedly Missed Deadlines",
    contentType: "script",
    category: "performance_management",
    tags: ["deadlines", "accountability", "reliability", "expectations", "underperformance"],
    priority: 5,
    situation:
      "A team member keeps missing deadlines and delivering late, often without warning you. Colleagues are starting to work around them and you are unsure whether it is capacity, skills, motivation or something personal.",
    approach:
      "Raise it early and privately, with two or three specific examples. Stay curious about the cause before proposing solutions: unclear priorities, too much work, a skills gap, or something outside work. Agree one change in how work is planned (smaller milestones, early warning when something slips) and a short review date. Document what you agreed.",
    script:
      "\"{name}, I want to talk about deadlines. The report last Friday and the client update on Tuesday both came in late, and I heard about it from the client first. I am not assuming anything about why, so help me understand what is getting in the way. What would help: clearer priorities, breaking work into smaller pieces, or something else? Going forward I need to hear from you as soon as you think something will slip.\"",
    nextSteps: [
      "Gather two or three concrete, dated examples before the conversation.",
      "Agree on early warning: a message as soon as a date looks at risk.",
      "Break the next deliverable into weekly milestones together.",
      "Review progress in two weeks and note what you agreed.",
    ],
  },
  {
    id: "pw-performance-improvement-plan",
    title: "Running a Fair Performance Improvement Plan",
    contentType: "methodology",
    category: "performance_management",
    tags: ["performance improvement plan", "pip", "underperformance", "expectations", "documentation"],
    priority: 5,
    situation:
      "Informal feedback has not worked: a team member's performance has been below what the role needs for several months. You need a structured plan that genuinely gives them a chance to succeed and is fair if it does not work out.",
    approach:
      "1. Involve HR before you start. 2. Write the gap plainly: the expected standard, the current performance, and examples. 3. Set three to five measurable goals for 30 to 90 days. 4. List the support you will give (training, pairing, weekly check-ins). 5. Meet weekly, record progress honestly in both directions. 6. Say clearly what happens at the end: success closes the plan; otherwise the next step under your policy. A plan designed to fail is unfair and damages trust with the whole team.",
    script:
      "\"{name}, we have talked several times about the quality of the reports, and it has not improved enough. I want to give you a clear, structured chance to get there, with my support. This plan sets out exactly what good looks like over the next 60 days, what help you will get, and how we will track it together each week. I genuinely want this to work. What questions do you have, and what would help you most?\"",
    nextSteps: [
      "Speak with HR and agree the plan's format and length.",
      "Write three to five measurable goals with dates.",
      "Book weekly 30-minute progress reviews for the whole plan.",
      "Record each review in writing and share it with the person.",
    ],
  },
  {
    id: "pw-underperformance-root-cause",
    title: "Diagnosing Why Someone Is Underperforming",
    contentType: "framework",
    category: "performance_management",
    tags: ["underperformance", "diagnosis", "skill", "will", "coaching"],
    priority: 4,
    situation:
      "A team member's work is below the standard you expected, and you are tempted to jump straight to a warning. You are not sure whether they cannot do the work, do not know what is expected, or have lost interest.",
    approach:
      "Walk through four questions in order. 1. Clarity: do they know exactly what good looks like? 2. Capability: do they have the skills, tools and time? 3. Motivation: do they care about this work, and is something demotivating them? 4. Circumstances: is something outside work affecting them? Fix the first 'no' you find: clarify, train, reconnect with purpose, or offer flexibility. Most underperformance is a clarity or capability problem.",
    script:
      "\"{name}, I would like to understand how the last couple of months have felt for you. When you think about what I expect from you in this role, how would you describe it? Do you have what you need to do it well, in skills, tools and time? And honestly, how do you feel about the work right now? I am asking because I want to fix the right thing.\"",
    nextSteps: [
      "Write down what good looks like for the role and check it with the person.",
      "Ask the four questions in your next 1:1.",
      "Agree one action against the first gap you find.",
    ],
  },
  {
    id: "pw-high-performer-difficult-behaviour",
    title: "A High Performer Whose Behaviour Hurts the Team",
    contentType: "case_study",
    category: "performance_management",
    tags: ["high performer", "behaviour", "values", "team impact", "brilliant jerk"],
    priority: 4,
    situation:
      "Your strongest individual contributor delivers excellent results but dismisses colleagues' ideas, interrupts, and is curt in reviews. Two people have quietly asked to move teams. In one team, a lead put off acting for a year because the person was 'too valuable to upset'.",
    approach:
      "The lead finally treated behaviour as part of performance. She described specific incidents and their effect on the team, stated that how results are achieved counts as much as the results, and agreed two behaviours to change (let others finish; review code with questions, not verdicts). She asked two colleagues for feedback a month later. The engineer improved once the expectation was explicit, and the team's survey scores on respect rose the next round.",
    script:
      "\"{name}, your work on the platform is excellent, and I want you to keep growing here. I also need to talk about how you work with others. In Monday's review you cut Sam off twice and called his approach naive, and people are now hesitant to share work with you. How you get results matters as much as the results themselves. What do you think is going on, and what could you do differently?\"",
    nextSteps: [
      "Collect specific incidents with dates and their impact.",
      "State the behavioural expectation explicitly and link it to performance reviews.",
      "Agree two concrete behaviours to change.",
      "Gather peer feedback after a month and discuss it together.",
    ],
  },
  {
    id: "pw-goal-setting-okrs",
    title: "Setting Clear Goals With Your Reports",
    contentType: "template",
    category: "performance_management",
    tags: ["goals", "okrs", "objectives", "expectations", "alignment"],
    priority: 3,
    situation:
      "At review time you and your report disagree about whether they did well, because goals were vague ('improve the onboarding') or never written. People do not see how their work connects to the team's priorities.",
    approach:
      "Set two to four goals per quarter with each report. For each: the objective (what and why, linked to a team goal), two or three measurable results (numbers or observable outcomes), and the support needed. Write them together, so the person owns them. Review monthly in a 1:1: on track, at risk, or off track, and adjust when priorities change rather than waiting for review time.",
    script:
      "\"{name}, let us set your goals for the quarter together. The team's priority is reducing customer churn; where do you think you can make the biggest difference? Let us make it measurable: what number or outcome would show we succeeded by the end of March? And what will you need from me or others to get there?\"",
    nextSteps: [
      "Draft two to four goals with each report in a dedicated session.",
      "Link each goal visibly to a team priority.",
      "Review goal status monthly in 1:1s.",
    ],
  },
  // ---------------------------------------------------------------- communication
  {
    id: "pw-feedback-weekly-habit",
    title: "Making Feedback a Small, Regular Two-Way Habit",
    contentType: "methodology",
    category: "communication",
    tags: ["feedback", "feedforward", "regular feedback", "two way", "coaching"],
    priority: 5,
    situation:
      "Feedback on your team only happens at review time, so every comment feels like a big event. You hold back small corrections until they become big ones, you point out mistakes more than what people do well, and nobody tells you what you could do better.",
    approach:
      "Make feedback small, frequent and normal. 1. Give a piece of feedback in every 1:1, positive or corrective, within days of what happened. 2. Ask permission ('can I give you a thought on the demo?') so the person is ready to hear it. 3. Use feed-forward for corrections: describe what to do next time rather than dwelling on the past. 4. Aim for clearly more appreciative than corrective feedback, but never skip the corrective. 5. Ask for feedback on yourself in return, so it flows both ways.",
    script:
      "\"{name}, can I give you a quick thought on this morning's demo? The way you opened with the customer's problem worked really well; everyone was with you. One thing for next time: leave five minutes for questions at the end, because we ran out of time before the sales team could ask theirs. And how about me: is there anything I could do to make these demos easier for you?\"",
    nextSteps: [
      "Add a standing 'feedback both ways' item to every 1:1 agenda.",
      "Give one piece of feedback within 48 hours of something you notice, every week.",
      "Phrase your next correction as what to do next time.",
      "Ask each report for one piece of feedback on you this month.",
    ],
  },
  {
    id: "pw-sbi-feedback",
    title: "Giving Constructive Feedback With Situation-Behaviour-Impact",
    contentType: "framework",
    category: "communication",
    tags: ["feedback", "sbi", "constructive feedback", "criticism", "coaching"],
    priority: 5,
    situation:
      "You need to tell someone that something they did was not OK, but you worry it will sound like a personal attack, so you soften it until the message is lost, or you postpone it for weeks.",
    approach:
      "Use Situation, Behaviour, Impact. Situation: when and where ('in Thursday's client call'). Behaviour: what you saw or heard, observable and specific, no labels like 'unprofessional'. Impact: the effect on you, the team or the client. Then ask for their view and agree the next step together. Give feedback within a few days, in private for critical points, and keep it to one topic at a time.",
    script:
      "\"{name}, can I share some feedback about Thursday's client call? When the client asked about the delay, you said it was the design team's fault. The client then asked to speak to me, and the design team heard about it and felt thrown under the bus. What was happening for you in that moment? Next time, let us own delays as one team and explain what we are doing about them.\"",
    nextSteps: [
      "Write the situation, behaviour and impact down before the conversation.",
      "Give the feedback within a few days, in private.",
      "Ask for their perspective before proposing a fix.",
      "Follow up on the agreed change at your next 1:1.",
    ],
  },
  {
    id: "pw-effective-one-on-ones",
    title: "Running One-on-Ones That Are Worth the Time",
    contentType: "template",
    category: "communication",
    tags: ["1:1", "one on one", "check in", "agenda", "relationship"],
    priority: 5,
    situation:
      "Your one-on-ones (1:1s) have turned into status updates, you are not sure what to talk about, get cancelled whenever things are busy, and rarely touch on how people feel, what blocks them or where they want to grow.",
    approach:
      "The 1:1 is the report's meeting. Keep it weekly or fortnightly, 30 minutes, and never cancel, only move. Use a shared agenda they fill first. A simple structure: 1. How are you, really? (5 min) 2. Their topics (15 min) 3. Your topics and feedback both ways (5 min) 4. Growth or career, once a month (5 min) 5. Actions written down. Move status updates to a written channel.",
    script:
      "\"{name}, I want our 1:1s to be more useful for you. From now on, this is your time: add your topics to our shared doc beforehand and we will start with them. I will move status updates to our written channel. Once a month I would like us to spend part of it on where you want to grow. And I would love feedback on how I can support you better. What would you like to talk about today?\"",
    nextSteps: [
      "Create a shared 1:1 agenda document with each report.",
      "Move status updates to a written weekly channel.",
      "Reserve one 1:1 a month for career and growth.",
      "Ask each report at the end: what is one thing I could do differently?",
    ],
  },
  {
    id: "pw-meeting-overload-reset",
    title: "Cutting Meeting Overload",
    contentType: "methodology",
    category: "communication",
    tags: ["meetings", "meeting overload", "focus time", "calendar", "async"],
    priority: 4,
    situation:
      "Your team spends most of the week in meetings, with little time left for focused work. Many meetings have no agenda, the same people attend everything, and decisions still get lost.",
    approach:
      "1. Audit: list every recurring meeting with its purpose, attendees and hours per week. 2. Cancel every recurring meeting for two weeks and restore only those people miss. 3. Every meeting gets a purpose, an agenda and an owner; no agenda, no meeting. 4. Move status updates to asynchronous written updates. 5. Protect two focus blocks a week for the whole team. 6. Invite only those who contribute or decide; share notes with everyone else.",
    script:
      "\"Looking at our calendars, we spend about 15 hours a week each in meetings, and many of you have told me you cannot get deep work done. For the next two weeks I am cancelling all our recurring meetings except the 1:1s and Monday planning. Status updates move to a written thread on Fridays. After two weeks we will bring back only what we missed, and every meeting will need an agenda.\"",
    nextSteps: [
      "List all recurring team meetings with hours per person per week.",
      "Run a two-week meeting pause and note what is missed.",
      "Introduce a written weekly update to replace status meetings.",
      "Block two meeting-free focus half-days per week.",
    ],
  },
  {
    id: "pw-remote-communication-norms",
    title: "Communication Norms for Distributed Teams",
    contentType: "template",
    category: "communication",
    tags: ["remote", "async", "distributed", "time zones", "written communication"],
    priority: 4,
    situation:
      "Your team works across locations and time zones. Messages get missed, people are unsure which tool to use for what, some feel pressured to reply instantly, and decisions made in calls never reach those who were offline.",
    approach:
      "Agree a short communication charter: which channel for what (chat for quick questions, documents for decisions, calls for complex or emotional topics), expected reply times per channel, core overlap hours, how to signal urgency, and a rule that every decision is written down where everyone can find it. Default to asynchronous and written; record key calls. Review the norms after a month.",
    script:
      "\"Working across three time zones, we keep losing information, and some of you feel you have to answer chat at all hours. Let us agree a few simple rules together: which channel for what, how fast we expect replies, our shared hours, and that every decision gets written down in the team doc. I have drafted a starting point; tear it apart and let us settle it by Friday.\"",
    nextSteps: [
      "Draft a one-page communication charter and review it with the team.",
      "Agree the core overlap hours and reply-time expectations.",
      "Create a decision log everyone can read.",
      "Revisit the norms after one month.",
    ],
  },
  {
    id: "pw-delivering-unpopular-news",
    title: "Announcing an Unpopular Decision to Your Team",
    contentType: "script",
    category: "communication",
    tags: ["announcement", "bad news", "transparency", "decisions", "trust"],
    priority: 3,
    situation:
      "You need to tell your team about a decision they will not like: a cancelled project, a budget cut, a return-to-office policy. You may not fully agree with it yourself, and you worry about losing their trust.",
    approach:
      "Tell them early, directly and in person (or on video), before rumours. Lead with the decision, then the reasons as honestly as you can share them, then what it means for each of them. Acknowledge the feelings it will cause; do not spin it or blame 'them upstairs'. Say what is still open for input. Leave time for questions and follow up one to one with those most affected.",
    script:
      "\"I have some difficult news, and I wanted you to hear it from me first. The leadership team has decided to pause the mobile project at the end of this month. The reason is that we need those resources for the billing migration, which is now the company's top priority. I know many of you put a lot into this work, and it is disappointing. Here is what it means for each of you, and I will make time this week to talk with anyone one to one.\"",
    nextSteps: [
      "Prepare the decision, the reasons and the impact per person in writing.",
      "Tell the team before the news spreads informally.",
      "Hold one-to-one conversations with the most affected people within two days.",
      "Share answers to open questions in writing afterwards.",
    ],
  },
  // ---------------------------------------------------------------- leadership_development
  {
    id: "pw-new-manager-first-90-days",
    title: "Your First 90 Days as a New Manager",
    contentType: "methodology",
    category: "leadership_development",
    tags: ["new manager", "first 90 days", "transition", "onboarding", "expectations"],
    priority: 5,
    situation:
      "You have just become a manager or team lead for the first time, either promoted from within or hired into a new company, and need to get to know your team. You are unsure what to do first, still tempted to do the hands-on work you were good at, and you feel watched by your team and your own manager.",
    approach:
      "Days 1 to 30: listen. Hold a long first 1:1 with each person (what is working, what is not, what they want from a manager, their goals), and agree expectations with your own manager. Days 31 to 60: share what you heard, pick one or two early wins the team wants, and set up a rhythm of 1:1s and team meetings. Days 61 to 90: set team goals, start regular feedback, and ask for feedback on yourself. Accept that your output is now the team's output.",
    script:
      "\"{name}, I would like to start by listening rather than changing anything. What is working well on this team, and what is frustrating you? What have you appreciated in past managers, and what did not work for you? Where do you want to be in a year? I will share back what I hear from everyone, and we will decide together what to tackle first.\"",
    nextSteps: [
      "Hold a listening 1:1 with every team member in your first two weeks.",
      "Agree success measures for your first 90 days with your own manager.",
      "Share a summary of what you heard with the team by day 30.",
      "Ask for feedback on your management at day 60.",
    ],
  },
  {
    id: "pw-managing-former-peers",
    title: "Managing People Who Used to Be Your Peers",
    contentType: "script",
    category: "leadership_development",
    tags: ["former peers", "promotion", "friends", "authority", "new manager"],
    priority: 5,
    situation:
      "You were promoted to lead the team you were part of. Friends are now your reports, one of them also applied for the role, and old lunchtime complaints about management now concern you.",
    approach:
      "Talk to each former peer one to one early, acknowledging the change openly rather than pretending nothing is different. Be especially direct and generous with anyone who wanted the role: acknowledge it, and ask what they want to achieve. Keep friendships, but be consistent and visible in fairness: no private information, no favourites. Stop joining complaints about leadership; you are part of it now.",
    script:
      "\"{name}, this is a bit strange for both of us, and I would rather say that out loud than pretend otherwise. I value our friendship and I want to keep it. I will also have to make decisions you may not like, and I will always try to be fair and explain them. I know you were interested in this role too; I would really like to hear what you want to achieve and how I can help you get there.\"",
    nextSteps: [
      "Have a one-to-one with each former peer in your first week.",
      "Speak first with anyone who also applied for the role.",
      "Decide what you will no longer share or join in, and stick to it.",
      "Ask a mentor who went through the same transition for advice.",
    ],
  },
  {
    id: "pw-manager-feedback-on-yourself",
    title: "Asking Your Team for Feedback on Your Leadership",
    contentType: "framework",
    category: "leadership_development",
    tags: ["upward feedback", "self awareness", "growth", "blind spots", "leadership"],
    priority: 4,
    situation:
      "You do not really know what your team thinks of you as a boss and manager. Feedback only flows downward, survey comments about management are vague, and asking 'any feedback for me?' gets a polite 'no, all good'.",
    approach:
      "Ask specific, safe questions rather than general ones: 'What is one thing I should start, stop or continue?' 'When did I last make your work harder?' Ask repeatedly, in 1:1s, so it becomes normal. React with thanks, never defence, even when it stings. Act on one point visibly and tell the team you did, because that is what makes the next round of feedback honest. Add an anonymous channel for what people will not say to your face.",
    script:
      "\"{name}, I am working on being a better manager, and I need your help. What is one thing I do that makes your work harder, or one thing I should start doing? You will not hurt my feelings, and I genuinely want to know. Even something small helps.\"",
    nextSteps: [
      "Ask one specific feedback question in every 1:1 this month.",
      "Thank people for feedback without explaining or defending yourself.",
      "Pick one change, act on it, and tell the team what you changed.",
      "Add an anonymous question form for feedback on your leadership.",
    ],
  },
  {
    id: "pw-manager-time-and-priorities",
    title: "From Doing to Leading: Managing Your Own Time",
    contentType: "book_chapter",
    category: "leadership_development",
    tags: ["time management", "priorities", "leverage", "calendar", "manager role"],
    priority: 3,
    situation:
      "Your days disappear into meetings, messages and the hands-on work you still hold onto. The important leadership work, such as coaching, planning and hiring, always gets pushed to 'next week'.",
    approach:
      "A manager's output is the output of the team plus the teams they influence. Spend your time on the activities with the most leverage: those that improve many people's work at once (clear priorities, coaching, hiring well, removing blockers). Each week: review your calendar against those priorities, block time for them first, drop or delegate low-leverage work, and keep hands-on work to what only you can do or what keeps your judgement sharp.",
    script:
      "\"I want to be honest with you all: I have been too deep in the day-to-day work, and it means I have not given enough time to coaching and planning. I am going to hand over some tasks I have held onto and protect time every week for 1:1s and planning. You will see me in fewer working sessions, and that is deliberate. Tell me if you need me somewhere I am not.\"",
    nextSteps: [
      "Label last week's calendar as high- or low-leverage time.",
      "Block two hours a week for coaching and planning before anything else.",
      "Hand over one hands-on task you have kept out of habit.",
    ],
  },
  {
    id: "pw-leading-through-uncertainty-video",
    title: "Training Talk: Leading Your Team Through Uncertainty",
    contentType: "video_link",
    category: "leadership_development",
    tags: ["uncertainty", "reorganisation", "reassurance", "leadership presence", "transparency"],
    priority: 2,
    situation:
      "Rumours of a reorganisation, a missed funding round or layoffs elsewhere are making your team anxious. You do not have all the answers and cannot share everything you know.",
    approach:
      "A short training talk of our own for managers. Key points: say what you know, what you do not know, and when you will know more. Do not promise what you cannot control. Keep routines steady, since predictability is reassuring. Increase contact: shorter, more frequent check-ins. Give people something they can control: clear priorities for the next two weeks. Look after your own energy so you can steady others.",
    script:
      "\"I know there is a lot of talk about the reorganisation, and I want to tell you what I know. Nothing has been decided about our team yet. I expect to know more by the end of the month, and I will tell you as soon as I can. Until then, here are our priorities for the next two weeks. My door is open if you are worried; come and talk to me any time.\"",
    nextSteps: [
      "Tell the team what you know, what you do not, and when you expect to know more.",
      "Keep your regular rhythm of meetings and 1:1s.",
      "Add a short weekly update until things settle.",
    ],
  },
];

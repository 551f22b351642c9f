import type { BuiltinItem } from "./types";

// Pulsewell built-in leadership library, part B: our own writing.
// Categories: culture_building, change_management, coaching_techniques,
// difficult_conversations, employee_engagement, workplace_stress, team_dynamics.
export const PART_B: BuiltinItem[] = [
  // ---------------------------------------------------------------- employee_engagement
  {
    id: "pw-disengaged-report-reconnect",
    title: "Reconnecting with a disengaged team member",
    contentType: "script",
    category: "employee_engagement",
    tags: ["disengagement", "motivation", "one-on-one", "checked out", "reconnect"],
    priority: 5,
    situation:
      "Someone who used to care has gone quiet: fewer ideas in meetings, work done to the letter but no further, cameras off, slower replies. Disengagement is rarely laziness; it usually has a cause such as lost purpose, a blocked career, friction with someone, overload or something outside work. The earlier you ask, the easier it is to turn around.",
    approach:
      "1. Book a private 1:1 soon, framed as a check-in, not a performance talk. 2. Open with what you have noticed (specific, neutral facts) and that you care, not with a verdict. 3. Ask open questions and listen for the cause: purpose, growth, relationships, workload, recognition, life outside work. 4. Reflect back what you heard and ask what would help. 5. Agree one or two small changes you can make quickly (a new piece of work, a removed blocker, more autonomy) and a date to check in. 6. Follow through visibly; re-engagement is rebuilt by action, not by the talk itself.",
    script:
      "\"{name}, thanks for making time. I've noticed you seem a bit quieter in our meetings lately, and I wanted to check in because I value what you bring to this team. This isn't a performance conversation; I just want to understand how things are for you at the moment. What's been energising you at work recently, and what's been draining you? If you could change one thing about your work next month, what would it be? Let's pick something we can try together and talk again in two weeks.\"",
    nextSteps: [
      "Write down the specific changes you noticed before the 1:1 so you can describe them neutrally",
      "Agree one concrete change (project, blocker removed, autonomy) within a week of the talk",
      "Put a two-week follow-up 1:1 in the calendar before you leave the meeting",
      "Look at your team's latest pulse results for engagement drivers such as growth or recognition",
      "If the cause is personal or health-related, point to the employee assistance programme",
    ],
  },
  {
    id: "pw-quiet-quitting-response",
    title: "When someone is doing the bare minimum (quiet quitting)",
    contentType: "framework",
    category: "employee_engagement",
    tags: ["quiet quitting", "bare minimum", "effort", "boundaries", "motivation"],
    priority: 4,
    situation:
      "A team member does exactly what the job description asks and nothing more: no extra initiative, logs off on the dot, little enthusiasm. Sometimes this is healthy boundary-setting after a period of overwork; sometimes it signals that the person has stopped believing effort is noticed or rewarded. Treating it as a discipline problem usually makes it worse.",
    approach:
      "Separate two questions. First: is the core job being done to standard? If yes, there is no performance problem, and respecting boundaries is fair. Second: has the person withdrawn from the team? Explore the 'deal' they feel they have: what they give, what they get (recognition, growth, flexibility, fair workload). Ask what changed. Repair the deal where it is broken: recognise contributions, clarify what 'great' looks like, offer growth that matches their interests, and remove unfair load. Never punish reasonable boundaries.",
    script:
      "\"{name}, I want to say first that your work is solid and I'm not here to ask you to work longer hours. I've noticed you seem less involved in the wider team than you used to be, and I'd like to understand why. Has something changed in how this job feels for you? What would make the work feel worth more of your energy again? I'd rather fix the deal than pretend nothing has changed.\"",
    nextSteps: [
      "Check honestly whether the role's expectations are being met before raising anything",
      "Ask what changed and what would make the work feel worthwhile again",
      "Name one recognition or growth action you will take in the next two weeks",
      "Review the team's workload distribution for unfair load on this person",
    ],
  },
  {
    id: "pw-pulse-drop-team-conversation",
    title: "Talking with your team after pulse or eNPS scores drop",
    contentType: "methodology",
    category: "employee_engagement",
    tags: ["pulse survey", "enps", "survey results", "engagement survey", "team meeting", "follow-up"],
    priority: 5,
    situation:
      "Your team's latest pulse survey or eNPS came back lower than last round. People will be watching how you react: defensiveness or silence tells them the survey is pointless, while an open follow-up makes the next round more honest. You may feel judged or defensive, which is normal; share the results anyway.",
    approach:
      "1. Read the results alone first and note two or three clear themes; settle your own reaction before the meeting. 2. Share the results with the team within two weeks, briefly and without blame; thank them for being honest. 3. Never try to find out who said what; protect anonymity explicitly. 4. Ask the team to help interpret: 'What's behind this?' using small groups or anonymous sticky notes if trust is low. 5. Choose at most two or three actions together, with owners and dates. 6. Report progress in your regular meetings and point back to it before the next survey.",
    script:
      "\"Our latest pulse results are in and our scores went down this round, especially on workload and recognition. Thank you for being honest; that's exactly what the survey is for, and I'm not going to try to work out who said what. I'd like your help understanding what's behind the numbers, because I don't want to guess. Let's spend twenty minutes on it and then pick two things we'll change before the next survey. I'll report back on progress every month.\"",
    nextSteps: [
      "Summarise the results into two or three themes before the team meeting",
      "Hold the team discussion within two weeks of the results closing",
      "Agree at most three actions with an owner and a date each",
      "Give a short progress update on the actions in each monthly team meeting",
      "Before the next survey, remind the team what changed because of their feedback",
    ],
  },
  {
    id: "pw-stay-interview",
    title: "Stay interview: learning what keeps people before they leave",
    contentType: "template",
    category: "employee_engagement",
    tags: ["retention", "stay interview", "flight risk", "career", "one-on-one"],
    priority: 4,
    situation:
      "Exit interviews tell you why people left when it is too late. A stay interview asks valued team members, while they are still happy enough, what keeps them and what might make them leave. It is especially useful when you suspect someone is looking for another job or after a colleague resigns.",
    approach:
      "Hold it as a dedicated 30-minute 1:1, not tacked onto a status meeting. Use five questions: What do you look forward to at work? What do you dread? What would make you think about leaving? What would you like to learn next? What can I do more or less of as your manager? Listen, take notes, and promise only what you can deliver. Return within two weeks with at least one change.",
    script:
      "\"{name}, I'd like to spend this time on something different: understanding what keeps you here and what might not. You matter to this team and I'd rather ask now than in an exit interview. What do you look forward to when you start the week? Is there anything that has made you wonder whether this is still the right place for you? What's one thing I could do differently as your manager?\"",
    nextSteps: [
      "Schedule stay interviews with your key people, starting with those most likely to be approached",
      "Record the answers privately and note one action per person",
      "Follow up within two weeks with what you have done",
      "Repeat every six to twelve months",
    ],
  },
  {
    id: "pw-bored-high-performer",
    title: "Keeping a bored high performer growing",
    contentType: "case_study",
    category: "employee_engagement",
    tags: ["high performer", "growth", "stretch assignment", "boredom", "career development"],
    priority: 3,
    situation:
      "A strong performer has mastered their role and starts to look restless: finishing early, sighing in planning, asking about other teams. Case: Tomas, a senior analyst, had run the same monthly reporting for two years. His manager noticed he'd stopped suggesting improvements and had updated his online profile.",
    approach:
      "His manager asked directly what Tomas wanted to be doing in a year. The answer was 'building things, not maintaining them'. Together they automated half of the reporting (which Tomas led), handed the rest to a junior colleague he coached, and gave him a cross-team data project with a visible sponsor. Lessons: ask early, trade routine work for stretch work rather than adding on top, let the person teach others, and make growth visible to senior leaders.",
    script:
      "\"{name}, you've become the person everyone relies on for this, and I worry we've kept you doing it for too long. Where do you want to be in a year, and what would you like to be building? If we freed up a third of your time, what would you use it for? Let's find a stretch project that's genuinely new for you, and someone you can hand the routine work to.\"",
    nextSteps: [
      "Ask the person what they want to be doing in a year",
      "Identify routine work that can be automated or handed on with coaching",
      "Agree one stretch project with a clear sponsor and outcome",
      "Review progress together after six weeks",
    ],
  },
  {
    id: "pw-remote-engagement",
    title: "Engaging remote team members who feel out of the loop",
    contentType: "methodology",
    category: "employee_engagement",
    tags: ["remote work", "hybrid", "inclusion", "isolation", "communication"],
    priority: 3,
    situation:
      "Remote or distributed team members can slowly drift: they miss hallway decisions, get less recognition and feel like second-class members. Their engagement drops without anyone noticing because there is nothing visible to notice.",
    approach:
      "1. Make decisions in writing where everyone can see them. 2. Run meetings remote-first: everyone on their own screen, the remote person speaks early. 3. Hold regular 1:1s by video and protect them. 4. Rotate meeting times fairly across time zones. 5. Recognise remote work publicly and specifically. 6. Create occasional unstructured time (virtual coffee, a shared channel) and meet in person when budgets allow.",
    script:
      "\"{name}, I want to check how connected you feel to the team, working remotely. Are there decisions or conversations you feel you hear about too late? What's one thing we could change in how we run meetings that would make it easier for you to contribute? I'd like you to tell me when you feel left out, because from my side I often can't see it.\"",
    nextSteps: [
      "Audit last month's decisions: how many were made where remote people could not see them",
      "Switch team meetings to remote-first rules",
      "Set a recurring video 1:1 with each remote team member",
      "Add a fair rotation for meetings across time zones",
    ],
  },
  {
    id: "pw-survey-comments-to-actions",
    title: "Turning survey comments into three team actions",
    contentType: "template",
    category: "employee_engagement",
    tags: ["survey comments", "action plan", "enps", "feedback", "pulse survey"],
    priority: 3,
    situation:
      "After a pulse survey you have scores and a pile of anonymous comments, and it is unclear what to do with them. Managers often either do nothing or try to fix everything at once; both damage trust in the survey.",
    approach:
      "Use this template. Themes: group comments into no more than five themes and count them. Impact vs control: mark each theme as 'we can change it in the team' or 'needs someone else'. Pick three: choose the themes with most mentions that the team controls. For each: the problem in one sentence, the action, the owner, the date, and how we will know it worked. Escalate the rest with a named contact and tell the team you did. Share the one-page plan with the team.",
    script:
      "\"I've grouped your comments into themes; the three that came up most and that we can actually change ourselves are meeting load, unclear priorities and recognition. Here's a first draft of what we could do about each. What's missing, and who would like to own one of them? The things outside our control I've taken to our director, and I'll tell you what I hear back.\"",
    nextSteps: [
      "Group the comments into at most five themes",
      "Pick three themes the team controls and write one action each",
      "Assign owners and dates and share the plan with the team",
      "Escalate the rest and report back on the answer",
    ],
  },
  // ---------------------------------------------------------------- culture_building
  {
    id: "pw-onboarding-into-team-culture",
    title: "Bringing a new hire into the team's way of working",
    contentType: "methodology",
    category: "culture_building",
    tags: ["onboarding", "new hire", "new starter", "buddy", "first 90 days", "belonging"],
    priority: 4,
    situation:
      "A new person joins and gets laptops, accounts and policies, but nobody explains how the team actually works: how decisions get made, what 'good' looks like, who to ask. Without this they take months to fit in and feel they belong, and some leave in their first year.",
    approach:
      "1. Before day one: send a short welcome note from you and assign a buddy who is not their manager. 2. Week one: share the team's unwritten rules in writing (how we communicate, meeting habits, how we give feedback, how we celebrate). 3. Give a small real task they can finish in the first fortnight. 4. Arrange short 1:1 coffees with each teammate. 5. At 30, 60 and 90 days ask: what surprised you, what is unclear, what would you change? Their fresh eyes are a gift for your culture.",
    script:
      "\"Welcome, {name}, we're really glad you're here. Beyond the tools and processes, I want you to understand how this team works: how we make decisions, how we give each other feedback, and what we celebrate. Sam will be your buddy for the first couple of months; ask them anything, however small. At the end of your first month I'll ask what surprised you and what you'd change, because new people see what we've stopped noticing.\"",
    nextSteps: [
      "Write a one-page 'how we work' note for the team if you do not have one",
      "Assign a buddy and block time in their calendar for it",
      "Plan a first real task that can be finished within two weeks",
      "Schedule 30-, 60- and 90-day check-ins before the start date",
    ],
  },
  {
    id: "pw-team-working-agreement",
    title: "Writing a team working agreement together",
    contentType: "template",
    category: "culture_building",
    tags: ["working agreement", "team norms", "team charter", "expectations", "ground rules"],
    priority: 3,
    situation:
      "Friction keeps coming back over the same things: late replies, meetings without agendas, work landing out of hours, unclear ownership. The team has never said out loud how it wants to work, so everyone follows their own assumptions.",
    approach:
      "Run a 60-minute session. Ask each person to write answers to: How do we communicate (which channel for what, reply times)? How do we run meetings? How do we decide? How do we give feedback and disagree? What are our working hours and boundaries? Cluster the answers, agree five to eight concrete statements ('We reply to direct messages within one working day'), and write them down where everyone sees them. Review the agreement every quarter and when someone joins.",
    script:
      "\"We keep tripping over the same things, and I think it's because we've never agreed how we want to work together. I'd like us to write a short team agreement, our own rules, not mine. Let's each write down what helps us do our best work and what gets in the way. We'll keep only what everyone can live with, and we'll revisit it every quarter.\"",
    nextSteps: [
      "Book a 60-minute session with the whole team",
      "Collect answers individually first so quieter voices are included",
      "Publish five to eight agreed statements in the team space",
      "Review the agreement quarterly and with each new joiner",
    ],
  },
  {
    id: "pw-recognition-habits",
    title: "Building everyday recognition habits",
    contentType: "methodology",
    category: "culture_building",
    tags: ["recognition", "appreciation", "praise", "rituals", "morale"],
    priority: 3,
    situation:
      "People say in surveys that their work goes unnoticed. Recognition happens only at annual reviews or when something goes wrong, and praise is generic ('great job, everyone'). A culture where effort is seen is one of the cheapest engagement levers a manager has.",
    approach:
      "Make recognition specific, timely and frequent. Specific: name the action and its impact ('Your summary saved the client call'). Timely: within days, not at the review. Frequent: build it into rituals, such as a five-minute 'wins' slot in the weekly meeting or a shared channel for thanks. Let peers recognise each other, not only the manager. Ask each person how they like to be recognised; some love public praise, others prefer a private note.",
    script:
      "\"Before we start, I want to call out something from this week. {name}, the way you rewrote the onboarding guide meant our two new starters were productive on day two instead of day ten. That's a real difference, thank you. Does anyone else have a win or a thank-you to share from this week?\"",
    nextSteps: [
      "Add a five-minute wins and thanks slot to your weekly team meeting",
      "Ask each team member how they prefer to be recognised",
      "Give at least one specific recognition per person per month",
      "Create a shared channel or board for peer thanks",
    ],
  },
  {
    id: "pw-values-in-daily-decisions",
    title: "Making values real in daily decisions (chapter summary)",
    contentType: "book_chapter",
    category: "culture_building",
    tags: ["values", "culture", "role modelling", "decisions", "behaviour"],
    priority: 2,
    situation:
      "Company values hang on the wall but rarely shape what people actually do. Culture is not what a company says; it is what leaders reward, tolerate and do when things are hard. Teams learn the real values from watching their manager under pressure.",
    approach:
      "Our summary in four ideas. 1. Translate each value into two or three observable behaviours for your team. 2. Use the values out loud when making trade-offs ('We're choosing to delay so we don't ship something we can't support: that's what quality means here'). 3. Notice what you tolerate: a brilliant colleague who is rude teaches everyone that results matter more than respect. 4. Hire, recognise and promote on the behaviours, not just outcomes, and tell people why.",
    script:
      "\"I want to be honest about why I made this call. We could have hit the date by cutting testing, but we say quality matters here, and that has to mean something when it's inconvenient. I'd like each of you to hold me to that. If you see me, or anyone, acting against what we say we value, please raise it.\"",
    nextSteps: [
      "Write two or three observable behaviours for each company value, with the team",
      "Explain one trade-off decision per month in terms of the values",
      "List behaviours you currently tolerate that contradict the values, and address one",
      "Mention the values when you recognise someone",
    ],
  },
  {
    id: "pw-enps-culture-reset-case",
    title: "Case: a team turning around a low eNPS over two quarters",
    contentType: "case_study",
    category: "culture_building",
    tags: ["enps", "culture", "survey results", "turnaround", "trust"],
    priority: 3,
    situation:
      "A support team of twelve scored an eNPS of -25: people would not recommend the team as a place to work. Comments mentioned blame after incidents, no time for learning, and decisions made without them. The new manager, Amara, inherited the results.",
    approach:
      "Amara shared the full results in her first week and said she wanted the next round to be better because of what the team decided, not her. The team chose three changes: blameless incident reviews, a protected learning afternoon every second Friday, and a rotating 'voice of the team' seat in planning. She reported progress monthly. After two quarters the eNPS rose to +10 and comments shifted to trust. What worked: transparency, few actions, team ownership and visible follow-through.",
    script:
      "\"These results are hard to read, and I'm grateful you were honest. I'm not going to fix this by myself, and I don't want to guess what matters most. Which three things would make the biggest difference to how it feels to work here? Whatever we pick, I'll report on it every month, and we'll judge ourselves by the next survey.\"",
    nextSteps: [
      "Share the full results with the team rather than a filtered version",
      "Let the team choose no more than three changes",
      "Report progress monthly and name what has been done",
      "Compare the next round and discuss what moved and why",
    ],
  },
  // ---------------------------------------------------------------- change_management
  {
    id: "pw-announcing-reorganisation",
    title: "Announcing a reorganisation to your team",
    contentType: "script",
    category: "change_management",
    tags: ["reorganisation", "reorganization", "restructure", "announcement", "uncertainty", "communication"],
    priority: 5,
    situation:
      "Your area is being restructured or reorganized: reporting lines, team boundaries, the department you belong to or roles will change. People will hear rumours before the facts, and their first question is always 'what does this mean for me?'. How you announce it shapes trust for months.",
    approach:
      "1. Get the facts you can share, the date, and what is still undecided. 2. Tell your team in person (or live video) before any company-wide email, and tell people whose roles change individually first. 3. Say what is changing, why, what stays the same, and what is not yet known. 4. Acknowledge feelings without arguing with them. 5. Give a timeline and when the next update will come, even if it is 'no news yet'. 6. Offer 1:1s within the week.",
    script:
      "\"I want to tell you directly about a change before you read it anywhere else. From March, our team will join the platform group and report to Dana. Here's why the company is doing this, here's what stays the same for you day to day, and here's what hasn't been decided yet. I know this may feel unsettling, and any reaction is fine. I'll update you every Friday even if there's nothing new, and I'd like to speak to each of you one to one this week.\"",
    nextSteps: [
      "Clarify with your leadership what can be shared and what is still open",
      "Brief individually anyone whose role changes before the team announcement",
      "Hold 1:1s with every team member within a week",
      "Send a short written summary and a weekly update until the change is complete",
    ],
  },
  {
    id: "pw-resistance-to-change",
    title: "Working with resistance to change",
    contentType: "framework",
    category: "change_management",
    tags: ["resistance", "pushback", "change", "buy-in", "concerns"],
    priority: 4,
    situation:
      "A new process, tool or strategy meets pushback: complaints, passive non-adoption, 'we tried that before'. Resistance is information, not disloyalty. People usually resist losing something: competence, control, status, or a way of working they were proud of.",
    approach:
      "Use the 'four losses' lens. Ask what each person fears losing: competence (will I still be good at my job?), control (was I consulted?), status (does my role matter?), or meaning (was the old way wrong?). Then respond to the loss: training and time for competence; real choices in how to implement for control; visible roles for status; honour the old way for meaning. Involve the loudest sceptics early; they often find real flaws. Be clear about what is decided and what is open to influence.",
    script:
      "\"{name}, I can tell you have real concerns about the new system, and I'd rather hear them than have you carry them quietly. What worries you most about it? The decision to move is made, but how we roll it out in our team is very much open, and I'd like your help shaping it. If you spot problems, you'll be the first people I listen to.\"",
    nextSteps: [
      "Talk to the most vocal sceptics one to one before the next team discussion",
      "Identify which loss each concern points to",
      "Separate clearly what is decided from what the team can shape",
      "Plan training or practice time for people worried about competence",
    ],
  },
  {
    id: "pw-change-check-in-rhythm",
    title: "A check-in rhythm for teams going through long change",
    contentType: "methodology",
    category: "change_management",
    tags: ["transition", "change fatigue", "check-ins", "uncertainty", "morale"],
    priority: 3,
    situation:
      "A change will take months: a merger, a new operating model, a system migration. Energy dips after the launch, rumours fill silences, and change fatigue sets in. People move through shock, doubt, exploration and commitment at different speeds.",
    approach:
      "Set a predictable rhythm. Weekly: a short update, even 'no news'. Fortnightly: a team pulse question ('How confident do you feel about the change, 1-5?') with time to talk. Monthly: celebrate a small milestone and name what was learned. In 1:1s ask where each person is: still processing, exploring or committed. Meet each stage differently: listen in shock, give information in doubt, give room to experiment in exploration, give responsibility in commitment.",
    script:
      "\"We're about halfway through the migration, and I know it's been a long haul. I'd like a quick honest read: on a scale of one to five, how confident are you feeling about where we're heading? There are no wrong answers. Let's hear what's behind the low numbers and what's behind the high ones.\"",
    nextSteps: [
      "Put a weekly update slot in the calendar for the duration of the change",
      "Ask a one-question confidence pulse every two weeks",
      "Mark and celebrate one milestone each month",
      "Ask each person in 1:1s where they are with the change",
    ],
  },
  {
    id: "pw-explaining-unpopular-decision",
    title: "Explaining a decision you did not make and do not fully agree with",
    contentType: "script",
    category: "change_management",
    tags: ["unpopular decision", "leadership", "communication", "disagree and commit", "credibility"],
    priority: 4,
    situation:
      "Senior leadership has decided something your team will not like: a return-to-office policy, a frozen budget, a cancelled project. You may have argued against it. You must carry the message without undermining the company or pretending to love it.",
    approach:
      "1. Understand the reasoning well enough to explain it fairly. 2. Own the delivery: do not say 'they decided'. 3. Be honest that it is hard without trashing the decision. 4. Say what is fixed and where the team still has room. 5. Take concerns seriously and pass them up with specifics. 6. Tell the team what you did with their feedback.",
    script:
      "\"I have news that I know won't be popular: the mobile project is being paused from next month. The reason is that the company is putting every available engineer on the payments platform, which is where most of our revenue risk sits. I raised the impact on us, and I won't pretend this is easy. What's fixed is the pause; what's open is how we wrap up cleanly and what you each move on to. Tell me your concerns and I'll take them to leadership with specifics.\"",
    nextSteps: [
      "Ask your own manager for the reasoning until you can explain it fairly",
      "Announce it yourself, in person, without blaming 'them'",
      "Collect concerns and pass them upward with concrete examples",
      "Report back to the team on what happened to their concerns",
    ],
  },
  {
    id: "pw-new-tool-rollout-case",
    title: "Case: rolling out a new tool people did not want",
    contentType: "case_study",
    category: "change_management",
    tags: ["rollout", "adoption", "new tool", "champions", "change"],
    priority: 2,
    situation:
      "A sales team was told to move from spreadsheets to a new CRM. After launch, usage stayed below 30 % and the team complained it slowed them down. The manager, Lukas, was under pressure to force adoption.",
    approach:
      "Instead of mandating, Lukas watched three people use the tool for an hour each and found two real pain points. He got them fixed, recruited two respected sellers as champions who ran 15-minute tips sessions, and removed the old spreadsheet only after usage passed 70 %. Usage reached 90 % in six weeks. Lessons: observe before you push, fix the real friction, use peers rather than mandates, and retire the old way only once the new one works.",
    script:
      "\"I'd like to sit with you for an hour while you work in the new system, not to check on you, but to see where it gets in the way. If it's slowing you down, that's a problem with the rollout, not with you. I'll take whatever we find to the vendor and report back next week.\"",
    nextSteps: [
      "Observe a few people using the new tool before pushing harder",
      "Fix or escalate the top two friction points",
      "Recruit respected peers as champions",
      "Retire the old way only once the new one clearly works",
    ],
  },
  // ---------------------------------------------------------------- coaching_techniques
  {
    id: "pw-grow-coaching-model",
    title: "The GROW model for coaching conversations",
    contentType: "framework",
    category: "coaching_techniques",
    tags: ["grow model", "coaching", "goals", "options", "one-on-one"],
    priority: 5,
    situation:
      "A team member brings you a problem and your instinct is to solve it for them. That gets today's problem fixed but teaches them to come back every time. A simple structure helps you coach instead: help them think, decide and own the next step.",
    approach:
      "GROW has four stages. Goal: what do you want to achieve from this conversation and beyond it? Reality: what is happening now, what have you tried, what is in the way? Options: what could you do, and what else? (Ask for at least three before offering any idea.) Will / Way forward: what will you do, by when, and how will I know? Spend most of the time on Reality and Options. Offer your own suggestion only after theirs, as one option among several. Close with a specific commitment.",
    script:
      "\"{name}, before I jump in with ideas, let's think it through together. What would a good outcome look like for you? Tell me what's happening right now, and what you've tried so far. What options do you see, and if there were no constraints, what else might you try? Which one will you go with, and what's the first step you'll take this week?\"",
    nextSteps: [
      "Use GROW in your next 1:1 when someone brings a problem",
      "Ask for at least three options before offering yours",
      "End with a specific action and date, written down by the team member",
      "Start the next 1:1 by asking how the action went",
    ],
  },
  {
    id: "pw-powerful-questions",
    title: "Asking powerful questions: a coaching question bank",
    contentType: "template",
    category: "coaching_techniques",
    tags: ["questions", "open questions", "coaching", "listening", "curiosity"],
    priority: 4,
    situation:
      "Managers often ask closed or leading questions ('Have you thought about asking Jo?') that are really advice in disguise. Good open questions help people see their situation differently and find their own answers, which they are far more likely to act on.",
    approach:
      "Prefer 'what' and 'how' to 'why' (which can sound accusatory). Ask one question at a time and then stay silent. Useful questions: What's on your mind? What's the real challenge here for you? What have you already tried? What would you do if you knew you couldn't fail? What's in your control? What would someone you admire do? What are you not saying? What do you need from me? And the best follow-up: And what else?",
    script:
      "\"{name}, what's the real challenge here for you? ... And what else? ... If you were advising a friend in exactly this situation, what would you tell them? What part of this is in your control? What do you need from me to move forward?\"",
    nextSteps: [
      "Pick three questions from the bank and use them in every 1:1 this week",
      "Count how often you give advice versus ask; aim for more questions",
      "After asking, wait at least five seconds before speaking",
      "Use 'And what else?' at least twice in each coaching conversation",
    ],
  },
  {
    id: "pw-coach-before-you-tell",
    title: "Coach before you tell: when to advise and when to ask (chapter summary)",
    contentType: "book_chapter",
    category: "coaching_techniques",
    tags: ["coaching style", "advice", "delegation", "development", "manager habits"],
    priority: 3,
    situation:
      "New managers are promoted for being good at the work, so they default to telling. Over time the team stops thinking for itself and the manager becomes a bottleneck. But coaching everything is slow and frustrating in a crisis.",
    approach:
      "Our summary: match the style to the person's skill and the stakes. Tell when the person is new to the task, time is short, or the risk is high; explain your reasoning so they learn. Coach when the person has some skill and the stakes allow learning. Delegate fully when they are expert. Notice your 'advice monster': the urge to jump in with answers. Stay curious a little longer, and ask before every piece of advice: 'Do you want ideas, or would it help to think it through?'",
    script:
      "\"Before I share what I'd do, would it help more to hear my ideas or to think it through together? ... OK, let's think it through. You know this client better than I do. What's your read on what they really need?\"",
    nextSteps: [
      "List your team's current tasks and mark each as tell, coach or delegate",
      "Ask 'ideas or think it through?' before giving advice this week",
      "Explain your reasoning whenever you do tell",
    ],
  },
  {
    id: "pw-feedforward-development",
    title: "Feedforward: coaching toward the future, not the past",
    contentType: "methodology",
    category: "coaching_techniques",
    tags: ["feedforward", "development", "growth", "suggestions", "skills"],
    priority: 3,
    situation:
      "Someone wants to improve a skill, such as presenting or influencing stakeholders, but feedback about past mistakes makes them defensive. Looking forward lets them practise without reliving what went wrong.",
    approach:
      "1. The person names one behaviour they want to get better at. 2. They ask for two ideas for the future from you and from a few colleagues. 3. They listen and only say thank you: no debating. 4. They pick the ideas they like and try them in the next real situation. 5. You debrief together: what did you try, what happened, what next? Repeat monthly.",
    script:
      "\"{name}, you said you'd like to be more confident presenting to the leadership team. Here are two ideas for next time: open with your recommendation in one sentence, and prepare answers to the three hardest questions you expect. Try whichever feels right and we'll talk about how it went afterwards. What ideas have others given you?\"",
    nextSteps: [
      "Ask the person to name one behaviour they want to develop",
      "Give two forward-looking suggestions and ask two colleagues to do the same",
      "Debrief after the next real opportunity to practise",
    ],
  },
  {
    id: "pw-coaching-new-manager-case",
    title: "Case: coaching a newly promoted team lead",
    contentType: "case_study",
    category: "coaching_techniques",
    tags: ["new manager", "team lead", "coaching", "promotion", "leadership growth"],
    priority: 2,
    situation:
      "Mei was promoted from engineer to team lead of her former peers. Three months in she was working evenings, still writing most of the code and avoiding a conversation with an underperforming friend. Her manager wanted to coach, not rescue.",
    approach:
      "Her manager used weekly 30-minute coaching sessions with GROW. They set a goal ('lead, not do'), looked at her calendar together (reality: 70 % hands-on work), and she listed options: hand off one code area, block two hours for 1:1s, rehearse the difficult conversation. She role-played the conversation with her manager twice before having it. After two months her hands-on time was down to 30 % and the conversation had happened. Key: ask, rehearse, hold to commitments.",
    script:
      "\"Mei, looking at your week, how much of it is leading and how much is doing? What would you need to let go of to change that? You mentioned the conversation with Alex: would it help to rehearse it here first? I'll play Alex, and you can stop and restart as often as you like.\"",
    nextSteps: [
      "Set up a weekly coaching slot for any newly promoted lead",
      "Review their calendar together and agree a target for leading versus doing",
      "Offer to role-play their hardest upcoming conversation",
    ],
  },
  // ---------------------------------------------------------------- difficult_conversations
  {
    id: "pw-behaviour-hurting-team",
    title: "Telling someone their behaviour is hurting the team",
    contentType: "script",
    category: "difficult_conversations",
    tags: ["behaviour", "feedback", "team impact", "attitude", "respect"],
    priority: 5,
    situation:
      "A team member is good at their job but their behaviour is damaging the team: interrupting, dismissive comments, sarcastic remarks in reviews, taking credit, sighing at ideas. Others have started to withdraw or complain. Letting it slide tells everyone it is acceptable.",
    approach:
      "1. Talk privately and soon after a specific instance. 2. Use situation, behaviour, impact: describe what you saw, not their character. 3. Describe the effect on the team, concretely. 4. Ask for their view and listen; they may be unaware or under pressure. 5. Be clear about the expectation going forward. 6. Agree how you will check, and recognise improvement when you see it. If it continues, say plainly what happens next.",
    script:
      "\"{name}, I want to talk about something I noticed in yesterday's design review. When Jo presented, you said 'that's obviously not going to work' and turned to your laptop. Jo didn't speak for the rest of the meeting, and I've seen others hold back their ideas when you're in the room. I know you care about quality, and your expertise matters to this team. I need you to challenge ideas in a way that keeps people willing to share them. What's your view on what happened?\"",
    nextSteps: [
      "Write down two or three specific recent examples before the conversation",
      "Have the conversation privately within a few days of an instance",
      "Agree a concrete expectation and a check-in date",
      "Recognise the change when you see it; escalate clearly if it continues",
    ],
  },
  {
    id: "pw-tears-or-anger-in-meeting",
    title: "Responding when someone cries or gets angry in a meeting",
    contentType: "script",
    category: "difficult_conversations",
    tags: ["emotions", "tears", "anger", "crying", "de-escalation"],
    priority: 4,
    situation:
      "During a 1:1 or a team meeting someone becomes upset: they start crying, raise their voice or walk out. Managers often panic, rush to fix it, or push on with the agenda. Strong emotion is a signal that something matters deeply, and how you respond will be remembered.",
    approach:
      "1. Stay calm and slow down; lower your own voice. 2. Acknowledge the emotion without judging it ('I can see this is really upsetting'). 3. Offer a pause: water, a break, or to continue later. Do not force them to carry on. 4. For anger, do not argue facts in the moment; listen, reflect, and set a boundary only if it becomes abusive. 5. In a group, take a break and speak to the person privately. 6. Follow up within a day to understand what was behind it.",
    script:
      "\"{name}, I can see this is really hard, and that's OK. Take whatever time you need; there's no rush. Would you like to take a short break, or would it help to keep talking? What you're feeling clearly matters, and I want to understand it. We can pick this up tomorrow if that's better.\"",
    nextSteps: [
      "Keep tissues and water in rooms you use for 1:1s",
      "Follow up privately within 24 hours",
      "Ask what was behind the reaction once things are calm",
      "Point to the employee assistance programme if something personal comes up",
    ],
  },
  {
    id: "pw-personal-hygiene-conversation",
    title: "Raising a sensitive personal issue such as hygiene or dress",
    contentType: "script",
    category: "difficult_conversations",
    tags: ["hygiene", "body odour", "sensitive topic", "awkward", "dignity"],
    priority: 3,
    situation:
      "Colleagues have complained, or you have noticed yourself, that a team member has a personal issue that affects others: body odour (they smell), inappropriate clothing for client meetings, loud personal calls. It feels so awkward that managers avoid it for months, while the person becomes the subject of gossip.",
    approach:
      "1. Do it yourself, privately, and soon; do not hint or ask a colleague to drop hints. 2. Keep it short and factual; do not say who complained. 3. Be kind and assume there may be a reason (health, money, culture, home situation). 4. Ask if there is anything going on and whether support would help. 5. Agree what changes and end the conversation gently; do not drag it out. 6. Afterwards, treat them exactly as before and stop any gossip you hear.",
    script:
      "\"{name}, this is a slightly awkward conversation, and I want to handle it with care because I respect you. I've noticed there's sometimes a noticeable body odour when we're working closely together, and I'd rather tell you privately than let it go unsaid. Sometimes there's a health or personal reason behind this, and if so, I'd like to help. Is there anything going on that I should know about?\"",
    nextSteps: [
      "Hold the conversation privately within the week, in person",
      "Prepare one factual sentence and avoid saying who raised it",
      "Offer support, including occupational health or the employee assistance programme",
      "Shut down any gossip in the team afterwards",
    ],
  },
  {
    id: "pw-no-promotion-conversation",
    title: "Telling someone they did not get the promotion",
    contentType: "script",
    category: "difficult_conversations",
    tags: ["promotion", "disappointment", "career", "bad news", "development"],
    priority: 3,
    situation:
      "A team member applied for a promotion or role and did not get it. They will be disappointed and may question their future here. The conversation should be honest about why, protect their dignity, and give a real path forward.",
    approach:
      "1. Tell them yourself, privately, before any announcement. 2. Say the outcome in the first sentence; do not bury it. 3. Give the main reasons honestly and specifically, with one or two gaps. 4. Let them react; do not rush to reassure. 5. Offer a follow-up to build a development plan once the news has sunk in. 6. Name what they do well and that you want them to stay.",
    script:
      "\"{name}, I wanted you to hear this from me first: you haven't been selected for the senior role this time. I know that's disappointing, and I want to be honest about why. The panel felt you're strong on delivery, but need more experience leading cross-team work. I'd like to meet next week to build a plan that gets you there, and I'd back you for the next opening.\"",
    nextSteps: [
      "Tell the person yourself before any announcement",
      "Get specific feedback from the panel before the conversation",
      "Book a development-plan meeting within a week",
      "Find one stretch opportunity that addresses the gap",
    ],
  },
  {
    id: "pw-saying-no-to-pay-rise",
    title: "Saying no to a pay rise request",
    contentType: "script",
    category: "difficult_conversations",
    tags: ["pay rise", "salary", "compensation", "raise request", "bad news"],
    priority: 3,
    situation:
      "A team member asks for a raise and the answer is no, or not now: the budget is frozen, their pay is already fair for the band, or they are not yet performing at the next level. Handled badly, they feel dismissed and start looking elsewhere; handled well, they leave knowing exactly where they stand.",
    approach:
      "1. Thank them for asking directly. 2. Do your homework first: their position in the pay band, market data, budget cycle. 3. Give the answer clearly, with the real reason. 4. If it is about performance, say specifically what would need to be true. 5. If it is budget, say when the next review is and what you will argue for. 6. Look at what else you can offer: scope, learning, flexibility, title, but never invent promises. 7. Put the next step in writing.",
    script:
      "\"{name}, thank you for raising this with me directly; I'd always rather you ask. I've looked into it, and I can't offer a rise right now: salaries are frozen until the April review. I think your case is strong, and I'll argue for you in that review with the examples you gave. In the meantime, I'd like to talk about the lead role on the next project, which would strengthen your case further.\"",
    nextSteps: [
      "Check pay band, market data and the budget cycle before answering",
      "Give the answer and the real reason in the first minutes",
      "Agree what would need to be true for a rise and by when",
      "Confirm the conversation and next review date in writing",
    ],
  },
  {
    id: "pw-difficult-conversation-planner",
    title: "Difficult conversation planner",
    contentType: "template",
    category: "difficult_conversations",
    tags: ["preparation", "planning", "hard conversation", "checklist", "nerves"],
    priority: 4,
    situation:
      "You have a conversation you have been putting off for weeks, and you feel nervous about confronting the person. Without preparation you either avoid it, ramble, or let emotion take over. Fifteen minutes of planning makes it shorter, kinder and clearer.",
    approach:
      "Fill in: 1. The issue in one sentence. 2. Two specific examples. 3. Why it matters (impact). 4. What I want them to understand and what I want to happen. 5. My part in it, if any. 6. How they might react, and how I will respond. 7. My opening sentence, word for word. 8. The question I will ask to hear their side. 9. The agreement I hope we reach and the follow-up date.",
    script:
      "\"{name}, I'd like to talk about something that's been on my mind, and I'd rather raise it directly than let it sit. [Issue in one sentence, with an example.] I may have contributed by not saying anything sooner. I'd really like to hear how you see it.\"",
    nextSteps: [
      "Fill in the planner for the conversation you've been avoiding",
      "Say the opening sentence out loud before the meeting",
      "Book the conversation within the next week",
      "Write the agreement down and share it afterwards",
    ],
  },
  // ---------------------------------------------------------------- workplace_stress
  {
    id: "pw-workload-overwhelm",
    title: "Supporting someone overwhelmed by their workload",
    contentType: "script",
    category: "workplace_stress",
    tags: ["workload", "overwhelm", "prioritisation", "too much work", "capacity"],
    priority: 5,
    situation:
      "A team member says, or shows, that they cannot keep up: too many projects, working every evening, missed lunches, snapping at colleagues, saying 'I'm drowning'. Telling them to 'just prioritise' or 'take care of yourself' without changing the load does not help. The workload itself has to move.",
    approach:
      "1. Thank them for telling you and take it seriously. 2. List everything on their plate together, including invisible work (helping others, meetings, support requests). 3. Rank by impact and deadline; decide together what to stop, delay, hand over or do to a lower standard. 4. Take the conversations with stakeholders yourself for anything delayed. 5. Protect focus time and cut meetings. 6. Check in weekly until the load is sustainable, and look at whether the team is under-resourced.",
    script:
      "\"{name}, thank you for telling me; I'd much rather know. Let's write down everything you're carrying right now, including the things that don't show up in any tracker. Looking at this, what absolutely has to happen this month, and what could wait or go to someone else? I'll talk to the stakeholders about anything we move, so that's not on you. Let's check in every week until this feels manageable.\"",
    nextSteps: [
      "List all work together, including invisible work, in the next 1:1",
      "Stop, delay or reassign at least two items this week",
      "Tell affected stakeholders yourself about any delay",
      "Check in weekly and review whether the team needs more capacity",
    ],
  },
  {
    id: "pw-stress-after-layoffs",
    title: "Leading the team that stays after layoffs",
    contentType: "methodology",
    category: "workplace_stress",
    tags: ["layoffs", "redundancies", "job cuts", "survivor guilt", "job security", "anxiety"],
    priority: 5,
    situation:
      "The company has made redundancies and colleagues have left. Those who remain feel grief, guilt, anxiety about being next, and often more work. Morale and productivity drop, and good people start looking elsewhere. Pretending it is business as usual makes it worse.",
    approach:
      "1. Acknowledge the loss openly and let people say goodbye to colleagues. 2. Share what you know about the company's position and honestly say what you do not know; never promise 'no more cuts' unless you can. 3. Re-plan the work: with fewer people, some work must stop; decide what, explicitly. 4. Meet each person 1:1 to ask how they are and what worries them. 5. Watch for stress signs and point to the employee assistance programme. 6. Rebuild a sense of direction: what the team is for now, and a first small win.",
    script:
      "\"This has been a really hard week. We've lost colleagues we cared about, and it's normal to feel sad, angry, guilty, or worried about what comes next. I'll tell you everything I know as soon as I can share it, and I won't make promises I can't keep. What I can promise is that we won't simply pile their work onto you; we're going to decide together what we stop doing. My door is open, and the employee assistance programme is there if you want to talk to someone outside the team.\"",
    nextSteps: [
      "Hold a team conversation within a day or two of the announcement",
      "Meet every team member 1:1 within the week",
      "Agree explicitly what work will stop or slow down",
      "Share the employee assistance programme details in writing",
      "Set a short weekly update for the next two months",
    ],
  },
  {
    id: "pw-stress-warning-signs",
    title: "Spotting stress early: warning signs and a check-in",
    contentType: "framework",
    category: "workplace_stress",
    tags: ["stress signs", "wellbeing", "mental health", "check-in", "early warning"],
    priority: 4,
    situation:
      "Stress builds quietly until someone is signed off sick. Managers are well placed to notice early changes, but often do not know what to look for or worry about prying into private matters.",
    approach:
      "Watch for change from the person's normal, in three areas. Work: more mistakes, missed deadlines, working much longer hours. Behaviour: irritability, withdrawal, tearfulness, cynicism. Physical: tiredness, more sick days, looking unwell. When you see a pattern, ask privately and gently, focus on what you observed, and ask about work factors you can change. You are not a therapist: listen, adjust work, and point to professional help (employee assistance programme, doctor) when needed.",
    script:
      "\"{name}, I wanted to check in. I've noticed you've been online late most evenings and you seemed tired in our last few meetings. I may be wrong, but I wanted to ask how you're really doing. Is there anything at work that's making things harder right now? You don't have to share anything personal, but if there's something I can change, I want to.\"",
    nextSteps: [
      "Note changes in work, behaviour and physical signs for anyone you are worried about",
      "Have a private, gentle check-in within the week",
      "Adjust at least one work factor if stress is work-related",
      "Share how to reach the employee assistance programme",
    ],
  },
  {
    id: "pw-crunch-period-support",
    title: "Protecting the team through a deadline crunch",
    contentType: "template",
    category: "workplace_stress",
    tags: ["crunch", "deadline pressure", "overtime", "peak workload", "recovery"],
    priority: 3,
    situation:
      "A launch, audit or year-end close means weeks of intense work. Short bursts can be energising; long or unplanned crunches burn people out and damage trust. Planning the crunch and the recovery makes the difference.",
    approach:
      "Crunch plan template: Why this matters (one line). Start and end date (a crunch without an end date is not a crunch). What we stop during the crunch. Who covers what, including backups. Hours boundaries (no messages after 8 pm, weekends only by agreement). Daily 10-minute stand-up to spot overload. Recovery: time off in lieu, a lighter week after, and a celebration. Retrospective: why did we need a crunch and how do we avoid the next one?",
    script:
      "\"The next three weeks will be intense, and I want to be straight about it. The crunch ends on the 28th, and until then we're pausing the internal tooling work completely. Nobody is expected to answer messages after eight in the evening. After the launch, everyone gets two days off in lieu and we'll have a lighter week. If you're hitting a wall, tell me at stand-up and we'll rebalance.\"",
    nextSteps: [
      "Fill in the crunch plan with a fixed end date",
      "Decide and announce what stops during the crunch",
      "Book recovery time in calendars before the crunch starts",
      "Run a short retrospective after the crunch",
    ],
  },
  {
    id: "pw-personal-crisis-support",
    title: "Supporting a team member through a personal crisis",
    contentType: "script",
    category: "workplace_stress",
    tags: ["bereavement", "illness", "personal life", "compassion", "flexibility"],
    priority: 4,
    situation:
      "Someone on your team is going through something outside work: bereavement such as losing a parent, serious illness, a family emergency, a divorce. They may be distracted, absent or trying to act as if nothing is wrong. You want to support them without intruding or overpromising.",
    approach:
      "1. Express care simply and privately. 2. Ask what they need rather than assuming; some want work as normal, others need space. 3. Explain the options: leave policies, flexible hours, reduced load, the employee assistance programme. 4. Agree what, if anything, they want the team to know. 5. Take work off their plate quietly. 6. Check in regularly, without pressure, and plan a gentle return.",
    script:
      "\"{name}, I'm so sorry to hear what you're going through. Please don't worry about work right now; we'll make sure things are covered. What would help you most at the moment: time off, more flexible hours, or keeping things as normal as possible? Let me know what, if anything, you'd like me to tell the team. I'll check in with you next week, but reach out anytime.\"",
    nextSteps: [
      "Check the leave and flexibility policies that apply, with HR",
      "Reassign urgent work quietly",
      "Share the employee assistance programme contact",
      "Agree a check-in rhythm and a gentle return plan",
    ],
  },
  // ---------------------------------------------------------------- team_dynamics
  {
    id: "pw-cliques-in-team",
    title: "Breaking down cliques and in-groups in a team",
    contentType: "methodology",
    category: "team_dynamics",
    tags: ["cliques", "in-groups", "exclusion", "subgroups", "inclusion"],
    priority: 4,
    situation:
      "The team has split into groups: the old-timers and the newcomers, the office people and the remote ones, or two friendship circles that eat lunch together and work the same way. Information flows inside the groups, others feel excluded, and collaboration suffers.",
    approach:
      "Cliques form naturally; the goal is not to ban friendships but to stop them from shaping work. 1. Observe: who works with whom, who is left out of decisions? 2. Mix work on purpose: pair people across groups on projects and reviews. 3. Make information public: decisions in shared channels, not side chats. 4. Rotate roles like meeting facilitation. 5. Talk to influential members of each group privately and ask for their help including others. 6. Address exclusionary behaviour directly if it continues.",
    script:
      "\"{name}, you're one of the people others look up to in this team, and I'd like your help. I've noticed that some of the newer people don't feel part of the group yet, and some decisions seem to happen in side conversations they're not in. Would you be willing to pair with Ravi on the next project and make sure he's in the loop? I'm also going to ask that we keep work decisions in the team channel.\"",
    nextSteps: [
      "Map who collaborates with whom over the last month",
      "Pair people across groups on the next two pieces of work",
      "Move work decisions into shared channels",
      "Speak privately to influential members of each group",
    ],
  },
  {
    id: "pw-dominant-voice-meetings",
    title: "Managing a dominant voice in meetings",
    contentType: "script",
    category: "team_dynamics",
    tags: ["meetings", "dominating", "talking over", "airtime", "facilitation"],
    priority: 4,
    situation:
      "One person talks most of the meeting, talks over others, interrupts, or answers every question first. Others go quiet, good ideas are lost, and decisions reflect one view. The dominant person often means well and may not notice.",
    approach:
      "In the meeting: use structure that shares airtime: silent writing before discussion, round-robins, 'let's hear from someone who hasn't spoken', and a visible agenda with time-boxes. Redirect politely: 'Thanks, Alex, let's hold that and hear from Priya first.' Outside the meeting: talk to the person privately, appreciate their energy, describe the effect, and ask them to help draw others in, for example by speaking last.",
    script:
      "\"{name}, I really value how much you bring to our meetings, and your ideas often move us forward. I've noticed, though, that when you speak first others tend to go quiet, and we're missing some of their thinking. Would you try something with me? In the next few meetings, could you hold your view until others have spoken, and help me draw out the quieter people? I think it would make our decisions better.\"",
    nextSteps: [
      "Add silent writing or a round-robin to your next team meeting",
      "Have a private, appreciative conversation with the dominant person",
      "Ask them to speak last on key topics for a few weeks",
      "Notice and thank them when they draw others in",
    ],
  },
  {
    id: "pw-rebuilding-trust-after-conflict",
    title: "Rebuilding trust after a conflict in the team",
    contentType: "framework",
    category: "team_dynamics",
    tags: ["trust", "repair", "after conflict", "relationships", "reconciliation"],
    priority: 4,
    situation:
      "A conflict has been resolved on paper, perhaps a disagreement that escalated, a broken promise or a public argument, but the relationship has not recovered. People are polite but guarded, avoid each other and route work around each other.",
    approach:
      "Trust is rebuilt through small kept promises over time. 1. Acknowledge: each person names their part in what happened (not only the other's). 2. Repair: a clear apology where it is due, specific not general. 3. Agree: two or three concrete working agreements (how we'll communicate, how we'll raise disagreements early). 4. Practise: a small shared task with low stakes and a clear finish. 5. Review: check in together after a few weeks and recognise progress. Do not force friendship; aim for reliable working trust.",
    script:
      "\"I know things have been tense between you since the release, and I don't want either of you to carry that for months. I'm not asking you to be best friends, but I need us to be able to rely on each other. Could each of you say what you'd do differently, looking back? Then let's agree how you'll raise disagreements with each other next time, and we'll check in together in three weeks.\"",
    nextSteps: [
      "Meet each person separately first to hear their side",
      "Hold a joint conversation focused on the future",
      "Agree two or three concrete working agreements",
      "Give them a small shared task and review together after three weeks",
    ],
  },
  {
    id: "pw-quiet-voices-included",
    title: "Drawing out quieter team members",
    contentType: "methodology",
    category: "team_dynamics",
    tags: ["introverts", "quiet", "participation", "inclusion", "psychological safety"],
    priority: 3,
    situation:
      "Some people rarely speak in meetings, yet in 1:1s they have sharp ideas. Discussions are shaped by whoever thinks fastest out loud, and the team misses the thoughts of its reflective members.",
    approach:
      "1. Send the agenda and key questions a day ahead so people can prepare. 2. Start topics with two minutes of silent writing, then share. 3. Use written channels (a shared doc or chat thread) for input after the meeting. 4. Ask specific people by name only if they have agreed to it; otherwise invite 'someone we haven't heard from'. 5. Credit ideas to the person who had them. 6. In 1:1s ask what would make it easier to contribute.",
    script:
      "\"{name}, you had a great point in our 1:1 about the testing plan, and I'd love the whole team to hear your thinking. What would make it easier for you to share ideas in the team meeting? Would it help if I sent the questions in advance, or if we started with a few minutes of writing?\"",
    nextSteps: [
      "Send agendas with questions at least a day ahead",
      "Open the next meeting's main topic with silent writing",
      "Ask quieter people in 1:1s what would help them contribute",
    ],
  },
  {
    id: "pw-new-team-forming",
    title: "Helping a newly formed team gel",
    contentType: "framework",
    category: "team_dynamics",
    tags: ["new team", "team formation", "roles", "team stages", "cohesion"],
    priority: 3,
    situation:
      "You have a brand new team, newly merged or just put together for a project. People are polite but unsure of roles; soon there will be friction over how to work. Teams go through forming, testing boundaries, settling norms and performing, and managers can speed this up.",
    approach:
      "Forming: clarify purpose, goals and roles; share personal working styles ('how to work with me' notes). Testing: expect friction and name it as normal; set up ways to disagree well. Settling: write a working agreement and decision rights. Performing: step back, delegate more, protect the team's time. At every stage, have regular retrospectives so the team talks about how it works, not just what it works on.",
    script:
      "\"Welcome, everyone, to our first session as a team. Before we dive into the plan, I'd like us to spend time on who we are and how we like to work. Each of you, share one thing that helps you do your best work and one thing that drives you mad. Over the next few weeks we'll probably disagree about how to do things; that's normal and healthy, and we'll set up a way to handle it well.\"",
    nextSteps: [
      "Run a kick-off with purpose, goals and roles",
      "Ask everyone to write a short 'how to work with me' note",
      "Schedule a retrospective every two weeks for the first quarter",
    ],
  },
  {
    id: "pw-hybrid-divide",
    title: "Closing the gap between office and remote colleagues",
    contentType: "case_study",
    category: "team_dynamics",
    tags: ["hybrid", "remote", "office", "fairness", "two-tier team"],
    priority: 2,
    situation:
      "In a hybrid product team, the four people in the office made decisions over lunch and the three remote members learned about them later. The remote members' pulse scores on belonging fell sharply, and one asked to move teams.",
    approach:
      "The manager, Ines, introduced three rules: if one person is remote, everyone joins from their own screen; decisions count only once written in the team channel; and a monthly in-person day everyone is funded to attend. She also rotated who ran stand-ups. Within two survey rounds belonging scores equalised. Lessons: fairness has to be designed into habits, and the people with the advantage often do not see it.",
    script:
      "\"I've realised that we've drifted into being two teams: the people in the room and everyone else. That's not fair, and it's on me to fix it. From Monday, if anyone's remote, we all join from our own screens, and no decision counts until it's written in the channel. Tell me if you see us slipping back.\"",
    nextSteps: [
      "Ask remote members directly where they feel left out",
      "Introduce a 'one remote, all remote' meeting rule",
      "Make written decisions the only official decisions",
      "Compare belonging scores for remote and office members in the next round",
    ],
  },
];

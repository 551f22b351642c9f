import type { ContentCategory, ContentType } from "@/lib/library/schemas";

// Labelled passages of our own writing that the offline classifier learns from (12 or more per
// category, in the styles admins paste: notes, article excerpts, scripts, checklists, templates).
// The held-out set that measures it (tests/fixtures/classifier-heldout.ts) is written separately.

export type LabelledPassage = { text: string; category: ContentCategory; contentType: ContentType };

const p = (category: ContentCategory, contentType: ContentType, text: string): LabelledPassage => ({
  text,
  category,
  contentType,
});

export const TRAINING_DATA: LabelledPassage[] = [
  // conflict_resolution
  p(
    "conflict_resolution",
    "framework",
    "The Three Interests model for resolving conflict between colleagues: stage one separates positions from interests, stage two finds the shared interest, stage three agrees a trade both can accept.",
  ),
  p(
    "conflict_resolution",
    "script",
    'Mediation opener: "I asked you both here because the disagreement about the release plan is affecting the team. Each of you will get five minutes uninterrupted. Then we look for what you both need."',
  ),
  p(
    "conflict_resolution",
    "methodology",
    "When two team members clash, meet each separately first. Listen for the underlying interest, not the position. Then bring them together with ground rules: no interrupting, describe behaviour not character.",
  ),
  p(
    "conflict_resolution",
    "template",
    "Conflict mediation worksheet\n1. What happened, in each person's words:\n2. What each person needs:\n3. Points of agreement:\n4. Agreed next actions and owner:\n5. Follow-up date:",
  ),
  p(
    "conflict_resolution",
    "case_study",
    "At a logistics company, two warehouse leads had stopped speaking after a dispute over shift swaps. Their manager ran a joint session, surfaced that both wanted predictability, and they co-wrote a swap rule. The feud ended within a month.",
  ),
  p(
    "conflict_resolution",
    "methodology",
    "Notes on de-escalation: lower your voice, slow down, name the emotion you see, and restate the other person's point before answering. A dispute cools when people feel heard.",
  ),
  p(
    "conflict_resolution",
    "script",
    "\"I can see you're both frustrated about who owns the client handover. Let's not decide who was right. Let's agree who owns it from Monday and how you'll tell each other when something slips.\"",
  ),
  p(
    "conflict_resolution",
    "framework",
    "The conflict ladder: disagreement, personalisation, taking sides, open hostility. Intervene at the first rung; each rung up makes the dispute harder to resolve.",
  ),
  p(
    "conflict_resolution",
    "book_chapter",
    "Chapter 4: Disagreement without damage. Teams that never argue are not harmonious, they are silent. This chapter shows how to let people fight about ideas while keeping the dispute away from personal attacks and resentment.",
  ),
  p(
    "conflict_resolution",
    "video_link",
    "Training video: resolving a dispute between two peers, a ten minute role play of a manager mediating a quarrel about credit for a project. https://videos.example.com/mediation-role-play",
  ),
  p(
    "conflict_resolution",
    "methodology",
    "Checklist before mediating a conflict: both parties agreed to meet, neutral room booked, facts gathered from both sides, your own bias checked, a clear goal for the meeting written down.",
  ),
  p(
    "conflict_resolution",
    "case_study",
    "A design team split into two camps over a rebrand. The lead stopped the blame by asking each camp to argue the other side's case. Resentment dropped and they merged the two proposals.",
  ),

  // delegation
  p(
    "delegation",
    "framework",
    "The five levels of delegation: do as I say, research and report, recommend, decide and inform me, decide alone. Name the level out loud every time you hand over a task.",
  ),
  p(
    "delegation",
    "script",
    '"I\'d like you to own the vendor review end to end. You decide which supplier we shortlist; just tell me your choice by Friday. What support do you need from me to take this on?"',
  ),
  p(
    "delegation",
    "methodology",
    "Stop micromanaging: agree the outcome and the deadline, then agree check-in points in advance instead of looking over shoulders. Resist redoing the work; coach the person to fix it.",
  ),
  p(
    "delegation",
    "template",
    "Delegation brief\n1. Task and expected outcome:\n2. Authority level granted:\n3. Deadline and checkpoints:\n4. Resources and budget:\n5. How success will be judged:",
  ),
  p(
    "delegation",
    "case_study",
    "A founder of a fifty person agency approved every invoice herself and became the bottleneck. She handed purchasing decisions under a limit to two team leads, and approvals went from a week to a day.",
  ),
  p(
    "delegation",
    "methodology",
    "Note to self: hand off tasks that others can do at eighty percent of your quality. Keep only the work that truly needs you. Delegating is how people grow and how you get time back.",
  ),
  p(
    "delegation",
    "script",
    "\"You've run the weekly report with me three times now. From next week it's yours. I won't review it before it goes out, but let's spend ten minutes after the first one.\"",
  ),
  p(
    "delegation",
    "framework",
    "Task, trust, track: choose the right task for the person, give trust with clear authority, and track with agreed checkpoints rather than constant supervision.",
  ),
  p(
    "delegation",
    "book_chapter",
    "Chapter 6: Letting go. New managers keep doing the work they were promoted for. This chapter explains why handing over responsibility feels risky and how to delegate ownership without abandoning people.",
  ),
  p(
    "delegation",
    "video_link",
    "Watch: how to delegate without micromanaging, a short training video on handing over ownership of a project. https://www.youtube.com/watch?v=delegation101",
  ),
  p(
    "delegation",
    "methodology",
    "Signs you are not delegating enough: you work late on tasks below your level, your team waits for your approval, and nobody could cover for you on holiday. Assign ownership and step back.",
  ),
  p(
    "delegation",
    "case_study",
    "An engineering manager kept taking the hardest tickets himself. After delegating the on-call rota and the release checklist to senior engineers, his team shipped faster and two people were promoted.",
  ),

  // burnout_prevention
  p(
    "burnout_prevention",
    "framework",
    "The burnout early warning model: stage one, exhaustion and longer hours; stage two, cynicism and withdrawal; stage three, reduced performance. Act at stage one by cutting load, not by praising effort.",
  ),
  p(
    "burnout_prevention",
    "script",
    "\"I've noticed you've been online at midnight most of this month. I'm not worried about your work, I'm worried about you. What can we take off your plate so you can rest?\"",
  ),
  p(
    "burnout_prevention",
    "methodology",
    "Prevent exhaustion on the team: cap overtime, protect holidays, rotate on-call fairly, and make recovery time after a crunch a rule rather than a favour.",
  ),
  p(
    "burnout_prevention",
    "template",
    "Workload and energy check-in\n1. Hours worked this week:\n2. Energy level from 1 to 5:\n3. Tasks that drain you most:\n4. One thing to drop or postpone:\n5. Time off planned:",
  ),
  p(
    "burnout_prevention",
    "case_study",
    "After a year of crunch, a game studio lost three senior developers to burnout. The new lead introduced no-meeting Fridays, banned weekend releases and made leave mandatory. Sick days halved.",
  ),
  p(
    "burnout_prevention",
    "methodology",
    "Notes: burnout is not a personal weakness, it comes from chronic overload, lack of control and lack of recognition. Fix the workload and the control before suggesting wellness apps.",
  ),
  p(
    "burnout_prevention",
    "script",
    "\"You haven't taken a day off since March. I'm booking you out for the Friday before the long weekend and I'll cover your meetings. Please switch off completely.\"",
  ),
  p(
    "burnout_prevention",
    "framework",
    "The recovery triangle: sleep, disconnection and control. A person heading for burnout needs all three restored; time off without disconnection does not refill the tank.",
  ),
  p(
    "burnout_prevention",
    "book_chapter",
    "Chapter 9: The exhausted high performer. Your best people burn out first because they say yes to everything. This chapter shows how to spot overwork early and protect people from their own dedication.",
  ),
  p(
    "burnout_prevention",
    "video_link",
    "Training video on recognising burnout in remote teams: signs of exhaustion, cynicism and disengagement to watch for on video calls. https://videos.example.com/burnout-signs",
  ),
  p(
    "burnout_prevention",
    "methodology",
    "Checklist for a sustainable pace: nobody regularly works over forty-five hours, holidays are taken, after-hours messages are rare, workload is reviewed monthly, people can say no.",
  ),
  p(
    "burnout_prevention",
    "case_study",
    "A support team answering tickets around the clock was running on empty. The manager introduced a follow-the-sun rota and a rest day after every night shift; exhaustion scores dropped by a third.",
  ),

  // team_building
  p(
    "team_building",
    "framework",
    "The team launch model: purpose, roles, norms, rhythm. Run it with every new team in its first two weeks so people know why they exist together and how they will work.",
  ),
  p(
    "team_building",
    "script",
    "\"Welcome everyone. Before we talk about the project, let's go round: tell us one thing you're good at that isn't on your CV, and one thing you'd like help with.\"",
  ),
  p(
    "team_building",
    "methodology",
    "Build a new team quickly: hold a kick-off offsite, pair people from different backgrounds, create shared rituals like a Friday demo, and celebrate the first win together.",
  ),
  p(
    "team_building",
    "template",
    "Team charter\n1. Our purpose:\n2. Roles and who owns what:\n3. How we make decisions:\n4. Our working agreements:\n5. How we celebrate wins:",
  ),
  p(
    "team_building",
    "case_study",
    "A newly merged finance team of two former rivals felt like strangers. The director organised a volunteering day and a shared planning workshop; within a quarter they described themselves as one team.",
  ),
  p(
    "team_building",
    "methodology",
    "Notes for the offsite: mix activities that build trust with real work. An escape room breaks the ice, but writing the team charter together is what builds the team.",
  ),
  p(
    "team_building",
    "script",
    '"This is our first retrospective as a team. I want us to agree three working agreements today. Let\'s start: what made your best past team great to be part of?"',
  ),
  p(
    "team_building",
    "framework",
    "Forming, storming, norming, performing: the four stages a new group goes through. A leader's job changes at each stage, from directing to coaching to stepping back.",
  ),
  p(
    "team_building",
    "book_chapter",
    "Chapter 2: From a group to a team. A collection of talented individuals is not a team. This chapter explores shared goals, mutual accountability and the rituals that bond people together.",
  ),
  p(
    "team_building",
    "video_link",
    "Video: ten team building activities for remote teams that people actually enjoy, from virtual coffee roulette to online quiz nights. https://www.youtube.com/watch?v=teambuilding10",
  ),
  p(
    "team_building",
    "methodology",
    "Team bonding ideas for a hybrid team: monthly in-person day, buddy system for new joiners, shared lunch budget, team quiz, and a channel for personal news and photos.",
  ),
  p(
    "team_building",
    "case_study",
    "A start-up hired eight engineers in one month. Their lead paired each newcomer with a buddy, ran a hackathon in week two and set up team lunches. The new team was shipping together by week four.",
  ),

  // performance_management
  p(
    "performance_management",
    "framework",
    "The performance cycle: set goals, check in monthly, review quarterly, calibrate ratings, and agree development actions. Goals must be specific and measurable to be fair.",
  ),
  p(
    "performance_management",
    "script",
    "\"Your targets for the quarter were twelve closed deals and you're at five. Let's look at the pipeline together and agree what has to be true by the end of next month.\"",
  ),
  p(
    "performance_management",
    "methodology",
    "Handling underperformance: state the gap between expected and actual results with evidence, agree a performance improvement plan with clear measures, and review it every two weeks.",
  ),
  p(
    "performance_management",
    "template",
    "Performance improvement plan\n1. Expected standard:\n2. Current performance and evidence:\n3. Measurable targets:\n4. Support provided:\n5. Review dates:\n6. Consequences if not met:",
  ),
  p(
    "performance_management",
    "case_study",
    "A sales region missed its targets three quarters in a row. The new manager replaced annual reviews with monthly goal check-ins and shared dashboards; the region hit target by the fourth quarter.",
  ),
  p(
    "performance_management",
    "methodology",
    "Notes on setting OKRs: one objective, three key results, each measurable. Review progress weekly, score at the end of the quarter, and never tie the score directly to bonus.",
  ),
  p(
    "performance_management",
    "script",
    "\"In the annual review I'll rate you as exceeding on delivery and meeting on collaboration. Here's the evidence for each rating. Which of these do you see differently?\"",
  ),
  p(
    "performance_management",
    "framework",
    "SMART goals: specific, measurable, achievable, relevant and time-bound. Use it to turn vague expectations into targets a person can be reviewed against.",
  ),
  p(
    "performance_management",
    "book_chapter",
    "Chapter 7: Reviews that people trust. Annual appraisals fail when ratings surprise people. This chapter shows how continuous feedback, evidence and calibration make performance reviews fair.",
  ),
  p(
    "performance_management",
    "video_link",
    "Training video: how to write a performance review, with examples of rating evidence and measurable goals for next year. https://videos.example.com/performance-reviews",
  ),
  p(
    "performance_management",
    "methodology",
    "Checklist before a performance review: goals from last period, results against each, peer input, examples of behaviour, a draft rating, development goals for the next period.",
  ),
  p(
    "performance_management",
    "case_study",
    "A call centre measured agents only on call length. After adding quality scores and customer satisfaction to the targets, performance conversations became fairer and attrition fell.",
  ),

  // communication
  p(
    "communication",
    "framework",
    "The clear message model: headline first, then the why, then what you need from the reader. Use it for emails, updates and announcements so nobody has to guess the point.",
  ),
  p(
    "communication",
    "script",
    "\"Before we finish, let me check I explained that clearly. Can you tell me in your own words what you'll do first and when you'll update me?\"",
  ),
  p(
    "communication",
    "methodology",
    "Active listening: give full attention, don't plan your reply while the other person speaks, paraphrase what you heard, and ask an open question before offering your view.",
  ),
  p(
    "communication",
    "template",
    "Weekly team update\n1. Headline:\n2. What we shipped:\n3. What's blocked and who can help:\n4. Decisions made:\n5. Questions for the team:",
  ),
  p(
    "communication",
    "case_study",
    "A distributed product team kept missing decisions made in hallway chats. The lead introduced a written decision log and a short weekly update email; rework caused by miscommunication dropped sharply.",
  ),
  p(
    "communication",
    "methodology",
    "Notes on writing emails people read: one topic per message, the ask in the subject line, short paragraphs, and a clear deadline. Long threads belong in a meeting.",
  ),
  p(
    "communication",
    "script",
    '"I want to make sure I understood you. You\'re saying the deadline is fine, but the scope keeps changing without anyone telling you. Is that right?"',
  ),
  p(
    "communication",
    "framework",
    "Listen, reflect, clarify, respond: four steps for any important conversation. Most misunderstandings come from skipping reflect and clarify.",
  ),
  p(
    "communication",
    "book_chapter",
    "Chapter 3: Saying it so it lands. Leaders overestimate how clearly they communicate. This chapter covers plain language, repetition, choosing the right channel, and checking understanding.",
  ),
  p(
    "communication",
    "video_link",
    "Watch the training video on running meetings with clear communication: agendas, speaking time, summarising decisions and follow-up messages. https://www.youtube.com/watch?v=clearmeetings",
  ),
  p(
    "communication",
    "methodology",
    "Checklist for an all-hands announcement: the key message in one sentence, why it matters, what changes for people, where to ask questions, and a written summary sent afterwards.",
  ),
  p(
    "communication",
    "case_study",
    "A hospital ward had frequent handover errors. Introducing a structured handover script and a shared notes board improved information flow between shifts and cut errors by half.",
  ),

  // leadership_development
  p(
    "leadership_development",
    "framework",
    "The leadership pipeline: managing self, managing others, managing managers, managing a function. Each transition requires letting go of skills that made you successful before.",
  ),
  p(
    "leadership_development",
    "script",
    "\"You've told me you want to lead a team within two years. Let's build a development plan: which leadership skills do you want to practise first, and where can you try them safely?\"",
  ),
  p(
    "leadership_development",
    "methodology",
    "Growing as a new manager: ask for upward feedback every quarter, find a mentor outside your line, read one leadership book a month, and reflect weekly on a decision you made.",
  ),
  p(
    "leadership_development",
    "template",
    "Leadership development plan\n1. Strengths as a leader:\n2. Skills to develop:\n3. Stretch assignment:\n4. Mentor or coach:\n5. Review in six months:",
  ),
  p(
    "leadership_development",
    "case_study",
    "A retail chain promoted top sellers into store manager roles without training, and half failed. A new programme of mentoring, peer circles and a first-ninety-days plan doubled the success rate of new managers.",
  ),
  p(
    "leadership_development",
    "methodology",
    "Notes on self-awareness for leaders: know your triggers, ask for 360 feedback, and notice the gap between your intention and your impact. Leadership growth starts there.",
  ),
  p(
    "leadership_development",
    "script",
    '"You asked how you come across as a leader. The feedback from your team is that you\'re decisive but rarely ask for their input. What would you like to try differently?"',
  ),
  p(
    "leadership_development",
    "framework",
    "Situational leadership: directing, coaching, supporting and delegating styles, chosen by the follower's competence and commitment. Effective leaders switch style deliberately.",
  ),
  p(
    "leadership_development",
    "book_chapter",
    "Chapter 1: Becoming a manager. The first promotion into management is an identity change. This chapter covers the shift from doing to leading, building credibility, and growing your leadership presence.",
  ),
  p(
    "leadership_development",
    "video_link",
    "Training video series for first-time managers on leadership presence, decision making and developing your leadership style. https://videos.example.com/first-time-managers",
  ),
  p(
    "leadership_development",
    "methodology",
    "Checklist for a future leader: has led a project, has given hard feedback, has hired someone, has a mentor, has a written career goal, has received 360 feedback.",
  ),
  p(
    "leadership_development",
    "case_study",
    "A software company built an internal leadership academy: six months of workshops, a mentor, and a real stretch project. Eighty percent of graduates were promoted to team lead within a year.",
  ),

  // culture_building
  p(
    "culture_building",
    "framework",
    "The culture loop: values are stated, behaviours are modelled by leaders, behaviours are recognised or corrected, and stories spread. Culture is what you tolerate, not what you write.",
  ),
  p(
    "culture_building",
    "script",
    "\"One of our values is candour. In this meeting I'd like everyone to say one thing about the plan that worries them. I'll go first, and nobody will be penalised for honesty.\"",
  ),
  p(
    "culture_building",
    "methodology",
    "Make values real: turn each company value into two or three observable behaviours, hire and promote on them, and tell stories at all-hands of people living them.",
  ),
  p(
    "culture_building",
    "template",
    "Values workshop\n1. What we want to be known for:\n2. Behaviours we reward:\n3. Behaviours we won't tolerate:\n4. Rituals that express our values:\n5. How new hires learn the culture:",
  ),
  p(
    "culture_building",
    "case_study",
    "A fast-growing fintech realised its culture was diluting as it tripled in size. Founders rewrote the values with staff, added them to hiring interviews and onboarding, and culture survey scores recovered.",
  ),
  p(
    "culture_building",
    "methodology",
    "Notes on psychological safety across the company: leaders admit mistakes publicly, blameless post-mortems are the norm, and speaking up is thanked. Culture follows what leaders do.",
  ),
  p(
    "culture_building",
    "script",
    '"I made a mistake in the launch plan and it cost us a week. I\'m telling you because I want this to be a place where we talk about mistakes openly and learn from them."',
  ),
  p(
    "culture_building",
    "framework",
    "The three layers of organisational culture: visible artefacts, espoused values and underlying assumptions. Change the assumptions and the rest follows.",
  ),
  p(
    "culture_building",
    "book_chapter",
    "Chapter 5: Culture is built daily. Mission statements on walls change nothing. This chapter explains how rituals, recognition, hiring and leaders' behaviour shape a company culture over time.",
  ),
  p(
    "culture_building",
    "video_link",
    "Video: building an inclusive workplace culture, a talk on values, belonging and recognition rituals from a company of two hundred. https://www.youtube.com/watch?v=inclusiveculture",
  ),
  p(
    "culture_building",
    "methodology",
    "Checklist for a recognition culture: peer shout-outs channel, values named in praise, leaders thank people publicly weekly, and promotions explained in terms of the values.",
  ),
  p(
    "culture_building",
    "case_study",
    "A manufacturing plant with a blame culture started celebrating near-miss reports instead of punishing them. Within a year reporting tripled, accidents fell, and trust in management rose.",
  ),

  // change_management
  p(
    "change_management",
    "framework",
    "The eight steps of leading change: create urgency, build a coalition, form a vision, communicate it, remove obstacles, create short-term wins, consolidate gains, anchor the change in culture.",
  ),
  p(
    "change_management",
    "script",
    "\"I know the reorganisation is unsettling. Here's what's changing, what isn't, and when you'll know more. I'd rather you bring me your worries than hear them in the corridor.\"",
  ),
  p(
    "change_management",
    "methodology",
    "Leading a team through transition: explain the why before the what, involve people in designing the how, expect resistance, and acknowledge what people are losing.",
  ),
  p(
    "change_management",
    "template",
    "Change impact assessment\n1. What is changing:\n2. Who is affected and how:\n3. Expected resistance:\n4. Communication plan:\n5. Training needed:\n6. Success measures:",
  ),
  p(
    "change_management",
    "case_study",
    "A bank moved three hundred staff to a new system. Early pilots with volunteers, change champions on each floor and weekly Q&A sessions meant adoption reached ninety percent in two months.",
  ),
  p(
    "change_management",
    "methodology",
    "Notes on resistance to change: resistance is information. Ask what people fear losing, status, competence or certainty, and address that directly instead of repeating the benefits.",
  ),
  p(
    "change_management",
    "script",
    "\"Starting next quarter we're merging the two support teams. I don't have every answer yet, but I'll update you every Friday until the transition is complete.\"",
  ),
  p(
    "change_management",
    "framework",
    "ADKAR: awareness, desire, knowledge, ability, reinforcement. Diagnose which stage an individual is stuck at during a change and address that stage.",
  ),
  p(
    "change_management",
    "book_chapter",
    "Chapter 8: Through the transition. Reorganisations, mergers and new tools all hit the same human response. This chapter walks through the change curve and how leaders help people adopt new ways of working.",
  ),
  p(
    "change_management",
    "video_link",
    "Training video: managing organisational change and the change curve, from denial and resistance to acceptance and adoption. https://videos.example.com/change-curve",
  ),
  p(
    "change_management",
    "methodology",
    "Checklist for a restructure announcement: reasons explained, timeline clear, affected people told first and in person, managers briefed, support available, questions channel open.",
  ),
  p(
    "change_management",
    "case_study",
    "A retailer closed its regional offices and moved to remote work. Leaders who shared the rationale early and asked teams to shape the new routines kept nearly everyone through the transition.",
  ),

  // coaching_techniques
  p(
    "coaching_techniques",
    "framework",
    "The GROW model: Goal, Reality, Options, Will. Ask questions at each stage and let the person find their own answers; the coach's job is to ask, not to tell.",
  ),
  p(
    "coaching_techniques",
    "script",
    '"What would a great outcome look like for you? ... What have you tried so far? ... What else could you do? ... Which of those will you do this week?"',
  ),
  p(
    "coaching_techniques",
    "methodology",
    "Powerful questions for coaching: what's the real challenge here for you, what do you want, what's stopping you, and what will you do. Ask, then stay silent longer than feels comfortable.",
  ),
  p(
    "coaching_techniques",
    "template",
    "Coaching session notes\n1. Goal for this session:\n2. Current reality:\n3. Options explored:\n4. Chosen action and commitment:\n5. Follow-up question for next time:",
  ),
  p(
    "coaching_techniques",
    "case_study",
    "A team lead used to solve every problem her reports brought her. After switching to asking coaching questions first, her reports started arriving with proposed solutions, and her calendar freed up.",
  ),
  p(
    "coaching_techniques",
    "methodology",
    "Notes on the coaching habit: resist the urge to give advice. Ask one question at a time, listen for what is not said, and reflect back the person's own words.",
  ),
  p(
    "coaching_techniques",
    "script",
    '"I could give you my answer, but I think you already have a few ideas. If you were advising a friend in exactly your situation, what would you suggest?"',
  ),
  p(
    "coaching_techniques",
    "framework",
    "The coaching continuum: from directive telling and advising to non-directive asking and listening. Move towards the non-directive end as the person's skill grows.",
  ),
  p(
    "coaching_techniques",
    "book_chapter",
    "Chapter 10: The manager as coach. Telling people what to do is fast but keeps them dependent. This chapter teaches open questions, listening and accountability in short coaching conversations.",
  ),
  p(
    "coaching_techniques",
    "video_link",
    "Watch a coaching demonstration using open questions and the GROW model in a fifteen minute one-to-one. https://www.youtube.com/watch?v=growcoaching",
  ),
  p(
    "coaching_techniques",
    "methodology",
    "Checklist for a coaching conversation: the person sets the agenda, you ask more than you tell, you summarise their insight, they choose the action, and you agree how to follow up.",
  ),
  p(
    "coaching_techniques",
    "case_study",
    "A hospital introduced peer coaching circles for nurse managers using open questions. Within six months managers reported more confidence solving problems without escalating them.",
  ),

  // difficult_conversations
  p(
    "difficult_conversations",
    "framework",
    "The SBI model for hard feedback: describe the Situation, the Behaviour you observed and its Impact. It keeps a difficult conversation on facts and away from judgement of character.",
  ),
  p(
    "difficult_conversations",
    "script",
    "\"This is a hard conversation to have, and I want to be direct. In yesterday's client meeting you interrupted Sam three times. The client noticed. I'd like to understand what happened.\"",
  ),
  p(
    "difficult_conversations",
    "methodology",
    "Preparing for a tough conversation: write down the one message you must deliver, expect emotion and let it land, don't soften the message until it disappears, and end with a clear next step.",
  ),
  p(
    "difficult_conversations",
    "template",
    "Difficult conversation planner\n1. The message in one sentence:\n2. Facts and examples:\n3. Likely reaction:\n4. What I will say if they get upset:\n5. Agreed next step:",
  ),
  p(
    "difficult_conversations",
    "case_study",
    "A manager avoided telling a well-liked engineer that his code reviews were hurtful. When she finally had the uncomfortable conversation using concrete examples, he was shocked but grateful, and changed his tone.",
  ),
  p(
    "difficult_conversations",
    "methodology",
    "Notes on delivering bad news: say it in the first minute, don't bury it in praise, give the reason, allow silence, and offer what support you can. Delaying makes it worse.",
  ),
  p(
    "difficult_conversations",
    "script",
    '"I have some difficult news. Your role is one of those affected by the restructure. I know this is a shock. Take your time; I\'ll answer whatever I can."',
  ),
  p(
    "difficult_conversations",
    "framework",
    "Prepare, open, listen, agree: a four step structure for any uncomfortable conversation. Most people fail at open, because they hedge the message until it's unclear.",
  ),
  p(
    "difficult_conversations",
    "book_chapter",
    "Chapter 11: The conversation you're avoiding. Every manager has one. This chapter explains why we avoid hard talks, the cost of silence, and how to raise sensitive issues with honesty and care.",
  ),
  p(
    "difficult_conversations",
    "video_link",
    "Training video: giving difficult feedback to an upset employee, a role play of a manager addressing a sensitive behaviour issue. https://videos.example.com/difficult-feedback",
  ),
  p(
    "difficult_conversations",
    "script",
    "\"I need to raise something personal and a bit awkward. A few colleagues have mentioned a hygiene issue. I'm telling you privately because I respect you and I'd want someone to tell me.\"",
  ),
  p(
    "difficult_conversations",
    "case_study",
    "A team lead had to tell a long-serving colleague he would not get the promotion. She explained the reasons honestly, listened to his anger, and agreed a development plan. He stayed and was promoted a year later.",
  ),

  // employee_engagement
  p(
    "employee_engagement",
    "framework",
    "The engagement drivers: meaningful work, growth, recognition, autonomy and a good relationship with the manager. Survey scores tell you which driver is weakest on your team.",
  ),
  p(
    "employee_engagement",
    "script",
    '"You seem less energised by the work than you were last year. What parts of your job do you still enjoy, and what would make you excited to come in on Monday?"',
  ),
  p(
    "employee_engagement",
    "methodology",
    "Re-engaging a disengaged team member: ask what has changed for them, connect their work to the purpose of the team, offer a new challenge, and recognise their contribution publicly.",
  ),
  p(
    "employee_engagement",
    "template",
    "Stay interview\n1. What do you look forward to at work?\n2. What would make you leave?\n3. What would you change about your role?\n4. How do you like to be recognised?\n5. What growth do you want next?",
  ),
  p(
    "employee_engagement",
    "case_study",
    "A logistics firm had an eNPS of minus ten and rising turnover. Managers began monthly stay interviews and a peer recognition scheme; within a year eNPS reached plus twenty and attrition fell.",
  ),
  p(
    "employee_engagement",
    "methodology",
    "Notes on motivation: people stay for growth, recognition and a manager who cares. Pay matters, but a disengaged employee rarely re-engages because of a raise alone.",
  ),
  p(
    "employee_engagement",
    "script",
    "\"The pulse survey shows the team doesn't feel recognised for the launch. That's on me. I want to fix it. How would you like wins to be celebrated?\"",
  ),
  p(
    "employee_engagement",
    "framework",
    "Autonomy, mastery, purpose: the three ingredients of intrinsic motivation. Give people choice in how they work, room to get better, and a reason that matters.",
  ),
  p(
    "employee_engagement",
    "book_chapter",
    "Chapter 12: Why people quit. Engagement surveys and exit interviews tell the same story: people leave managers, not companies. This chapter covers motivation, retention and recognition.",
  ),
  p(
    "employee_engagement",
    "video_link",
    "Training video on increasing employee engagement and retention with recognition, growth conversations and stay interviews. https://www.youtube.com/watch?v=engagementtips",
  ),
  p(
    "employee_engagement",
    "methodology",
    "Checklist after a low engagement survey: share the results openly, ask the team what's behind them, pick one or two actions together, and report back on progress within a month.",
  ),
  p(
    "employee_engagement",
    "case_study",
    "A call centre with high turnover let agents choose one project a quarter outside the phones. Engagement scores rose and fewer people quit in their first year.",
  ),

  // workplace_stress
  p(
    "workplace_stress",
    "framework",
    "The demand-control model: stress rises when demands are high and control is low. Reduce stress by giving people more say over how and when they do their work.",
  ),
  p(
    "workplace_stress",
    "script",
    '"You look under a lot of pressure this week. On a scale of one to ten, how stressed are you feeling? What\'s causing the most anxiety right now?"',
  ),
  p(
    "workplace_stress",
    "methodology",
    "Helping an anxious employee: listen without judging, ask what support would help, adjust deadlines where you can, and point to the employee assistance programme for confidential help.",
  ),
  p(
    "workplace_stress",
    "template",
    "Stress risk assessment\n1. Sources of pressure:\n2. Deadlines and workload:\n3. Control over work:\n4. Support available:\n5. Adjustments agreed:",
  ),
  p(
    "workplace_stress",
    "case_study",
    "During a tax season, an accounting firm's staff reported high stress and anxiety. Managers introduced daily fifteen minute stand-ups to rebalance urgent work and quiet hours without calls; stress scores dropped.",
  ),
  p(
    "workplace_stress",
    "methodology",
    "Notes on mental health at work: stress is a normal response to pressure, but chronic stress harms health. Managers should notice changes in mood, sleep and irritability and check in kindly.",
  ),
  p(
    "workplace_stress",
    "script",
    '"It\'s okay to not be okay. If the pressure is affecting your sleep or your health, I want to know. We can adjust your deadlines, and the assistance programme is confidential."',
  ),
  p(
    "workplace_stress",
    "framework",
    "The stress bucket: pressures fill it, coping strategies drain it. When the bucket overflows, performance and health suffer. Help people add taps, not just remove pressures.",
  ),
  p(
    "workplace_stress",
    "book_chapter",
    "Chapter 13: Pressure and performance. A little pressure sharpens focus; too much causes anxiety and mistakes. This chapter covers stress at work, mental health and how managers can reduce strain.",
  ),
  p(
    "workplace_stress",
    "video_link",
    "Watch: managing stress and anxiety at work, a short training video on breathing techniques, boundaries and asking for support. https://videos.example.com/stress-at-work",
  ),
  p(
    "workplace_stress",
    "methodology",
    "Checklist for a high-pressure period: deadlines realistic, priorities clear, breaks protected, someone checks in on the most stressed, and a plan to recover afterwards.",
  ),
  p(
    "workplace_stress",
    "case_study",
    "An emergency dispatch team faced constant stress. Their supervisor introduced debriefs after hard calls and access to counselling; sick leave for stress-related illness fell significantly.",
  ),

  // team_dynamics
  p(
    "team_dynamics",
    "framework",
    "The five dysfunctions of a team: absence of trust, fear of conflict, lack of commitment, avoidance of accountability, inattention to results. Trust is the foundation of the pyramid.",
  ),
  p(
    "team_dynamics",
    "script",
    "\"I've noticed the same three people speak in every meeting and others stay quiet. Today I'll ask each of you for your view in turn, starting with those we hear from least.\"",
  ),
  p(
    "team_dynamics",
    "methodology",
    "Dealing with cliques on a team: change pairings, rotate roles, set norms for meetings, and address exclusion directly. Group dynamics drift unless the leader shapes them.",
  ),
  p(
    "team_dynamics",
    "template",
    "Team health check\n1. Trust between members:\n2. Participation in meetings:\n3. Accountability to each other:\n4. Roles clear and balanced:\n5. How we handle disagreement:",
  ),
  p(
    "team_dynamics",
    "case_study",
    "A product team had one dominant senior engineer whose opinions always won. The lead introduced silent brainstorming and round-robin discussion; quieter members' ideas started shaping the roadmap.",
  ),
  p(
    "team_dynamics",
    "methodology",
    "Notes on team roles: some people are natural coordinators, others challengers or finishers. A team missing a role, or with too many of one, shows predictable patterns in how it works.",
  ),
  p(
    "team_dynamics",
    "script",
    "\"When Alex joined the team, lunch invitations stopped reaching him. I don't think anyone meant it, but I'd like us to think about how newcomers get included.\"",
  ),
  p(
    "team_dynamics",
    "framework",
    "Team roles model: plant, resource investigator, coordinator, shaper, monitor, teamworker, implementer, finisher, specialist. Balanced teams cover most roles between their members.",
  ),
  p(
    "team_dynamics",
    "book_chapter",
    "Chapter 14: The hidden life of teams. Who talks to whom, who defers to whom, and who is left out: this chapter maps group dynamics, power, trust and belonging within a team.",
  ),
  p(
    "team_dynamics",
    "video_link",
    "Training video on group dynamics: trust, participation, dominant voices and silent members in team meetings. https://www.youtube.com/watch?v=groupdynamics",
  ),
  p(
    "team_dynamics",
    "methodology",
    "Checklist for healthy team dynamics: everyone speaks in meetings, no subgroup makes decisions alone, trust is high, people hold each other accountable, newcomers are included.",
  ),
  p(
    "team_dynamics",
    "case_study",
    "Two senior members of a research team formed an alliance that sidelined others. The manager rotated project pairs and made decisions in open meetings; collaboration across the whole team improved.",
  ),
];

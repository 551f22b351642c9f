// Safety screen for Boss Bot questions, applied before either engine answers.
//
// Decision: for self-harm and violence (a person may be in danger) the answer is the careful part
// only: emergency help, the employee assistance programme and HR; library tips on "managing" such a
// situation could read as a substitute for help. For harassment, discrimination and legal matters
// the careful part comes first (HR, the formal process, legal advice) and the engine's library
// guidance may follow it, because how to hold the conversation is still useful to the manager.
//
// Matching is by phrases, not single loose words, to avoid false positives ("kill the project",
// "shoot me an email", "attack the backlog", "a legal pad", "harassing the build server" are not
// flagged). Each pattern is anchored on word boundaries.

export type SafetyKind = "self_harm" | "violence" | "harassment" | "discrimination" | "legal";

export type SafetyVerdict = {
  kind: SafetyKind;
  /** Markdown shown before anything else. */
  careful: string;
  /** Whether the engine's library guidance may follow the careful part. */
  continueWithGuidance: boolean;
};

const PATTERNS: Record<SafetyKind, RegExp[]> = {
  self_harm: [
    /\b(?:kill(?:ing)?|hurt(?:ing)?|harm(?:ing)?) (?:him|her|them)sel(?:f|ves)\b/i,
    /\b(?:kill(?:ing)?|hurt(?:ing)?|harm(?:ing)?) myself\b/i,
    /\bself[- ]?harm(?:ing)?\b/i,
    /\bsuicid(?:e|al)\b/i,
    /\b(?:end|take) (?:his|her|their|my) (?:own )?life\b/i,
    /\bwant(?:s|ed)? to die\b/i,
    /\bno (?:reason|point) (?:to|in) (?:live|living|go on|going on)\b/i,
    /\bcutting (?:him|her|them|my)sel(?:f|ves)\b/i,
    /\boverdos(?:e|ed|ing)\b/i,
  ],
  violence: [
    /\bthreat(?:en(?:ed|ing|s)?)? (?:to )?(?:hurt|kill|shoot|stab|attack|beat|hit|punch)\b/i,
    /\b(?:hit|punch(?:ed)?|slap(?:ped)?|kick(?:ed)?|shov(?:e|ed)|assault(?:ed)?) (?:me|him|her|them|a (?:colleague|coworker|co-worker|teammate|report|customer))\b/i,
    /\bphysical(?:ly)? (?:fight|violence|assault|attack(?:ed)?|threat(?:en(?:ed)?)?)\b/i,
    /\bworkplace violence\b/i,
    /\b(?:brought|bring(?:s|ing)?|has|had|carr(?:y|ies|ying)) a (?:gun|knife|weapon|firearm)\b/i,
    /\b(?:domestic (?:violence|abuse)|being abused at home)\b/i,
    /\bafraid (?:for (?:my|his|her|their) (?:life|safety)|(?:he|she|they) (?:will|might) hurt)\b/i,
  ],
  harassment: [
    /\bsexual(?:ly)? (?:harass(?:ed|ing|ment)?|assault(?:ed)?|advances?|comments?|misconduct)\b/i,
    /\bharass(?:ed|es|ing|ment)\b/i,
    /\b(?:being |been |is being |was )bullied\b/i,
    /\bbully(?:ing)? (?:him|her|them|me|a (?:colleague|coworker|co-worker|teammate|report))\b/i,
    /\bworkplace bullying\b/i,
    /\bstalk(?:ed|ing|s)? (?:him|her|them|me)\b/i,
    /\b(?:unwanted|inappropriate) (?:touching|touch(?:ed)?|advances|sexual)\b/i,
    /\bhostile (?:work )?environment\b/i,
  ],
  discrimination: [
    /\bdiscriminat(?:e|ed|es|ing|ion|ory)\b/i,
    /\b(?:racist|sexist|homophobic|transphobic|ableist|xenophobic)\b/i,
    /\b(?:racial|ethnic|religious) (?:slurs?|abuse|comments?|jokes?)\b/i,
    /\bslurs?\b/i,
    /\bbecause (?:she is|she's|he is|he's|they are|they're) (?:pregnant|black|gay|lesbian|trans(?:gender)?|muslim|jewish|disabled|old|older|a woman|female)\b/i,
    /\b(?:pay|promotion|hiring) (?:gap|bias) (?:against|for) (?:women|men|minorities)\b/i,
  ],
  legal: [
    /\b(?:lawsuits?|suing|sued)\b/i,
    /\bsue (?:us|the company|the business|me|him|her|them|my)\b/i,
    /\b(?:lawyer|attorney|solicitor|legal counsel)\b/i,
    /\bwrongful(?:ly)? (?:dismissal|termination|terminated|dismissed)\b/i,
    /\b(?:employment|labou?r) (?:tribunal|law|court)\b/i,
    /\bwhistle-?blow(?:er|ing)?\b/i,
    /\b(?:legal action|legal advice|legal claim|legal risk|legally liable|liability claim)\b/i,
    /\b(?:fraud|embezzl(?:e|ement|ing)|bribe(?:ry|s)?|insider trading)\b/i,
    /\b(?:disability|medical|maternity|paternity|parental) leave (?:rights|law|claim)\b/i,
    /\bis (?:it|this) (?:legal|illegal|against the law)\b/i,
  ],
};

// Phrases that look alarming but are workplace idiom; removed before matching.
const IDIOMS: RegExp[] = [
  /\bkill(?:ing)? (?:the|this|that|a|our|my) (?:project|feature|idea|meeting|deal|process|bug|build|task)\b/gi,
  /\b(?:dying|die) to (?:know|see|try|hear)\b/gi,
  /\bshoot (?:me|him|her|them) an? (?:email|message|note|text)\b/gi,
  /\bkiller (?:feature|app|idea)\b/gi,
  /\bdeadline is killing\b/gi,
];

const ORDER: SafetyKind[] = ["self_harm", "violence", "harassment", "discrimination", "legal"];

const CAREFUL: Record<SafetyKind, string> = {
  self_harm:
    "**This needs more than coaching advice.** If someone may be at risk of harming themselves, their safety comes first.\n\n" +
    "- **If there is immediate danger, call your local emergency number now** and stay with the person if it is safe to do so.\n" +
    "- Encourage them, gently and privately, to contact the **employee assistance programme (EAP)** or a crisis line; offer to help them make the call.\n" +
    "- Tell **HR** so the company can support them and you; you do not have to handle this alone.\n" +
    "- Listen without judgement, take what they say seriously, and do not promise to keep it secret.",
  violence:
    "**Safety comes first.** Violence or threats of violence are not something to manage through a coaching conversation.\n\n" +
    "- **If anyone is in immediate danger, call your local emergency number.**\n" +
    "- Report the incident or threat to **HR** (and security, where you have it) today, with what happened, when and who saw it.\n" +
    "- Point those affected to the **employee assistance programme (EAP)** for confidential support.\n" +
    "- Do not investigate or confront on your own.",
  harassment:
    "**Take this seriously and involve HR.** Reports of harassment or bullying follow the company's formal process.\n\n" +
    "- Contact **HR** promptly; do not investigate on your own or promise confidentiality you cannot keep.\n" +
    "- Write down what you were told or saw: dates, words, witnesses.\n" +
    "- Make sure the person raising it is protected from retaliation, and point them to the **employee assistance programme (EAP)** for support.",
  discrimination:
    "**Involve HR.** Possible discrimination is handled through the company's formal process, not only by the manager.\n\n" +
    "- Contact **HR** promptly and share the facts: what happened, when, who was involved.\n" +
    "- Keep decisions about pay, promotion and assignments on documented, job-related criteria.\n" +
    "- Protect the person who raised it from retaliation, and point them to the **employee assistance programme (EAP)** for support.",
  legal:
    "**This may be a legal matter.** I can't give legal advice: speak to **HR**, and through them the company's legal counsel, before you act.\n\n" +
    "- Keep a factual written record of what happened.\n" +
    "- Do not make commitments or statements about the legal position to the people involved.",
};

export function detectSafety(text: string): SafetyKind | null {
  let cleaned = text;
  for (const idiom of IDIOMS) cleaned = cleaned.replace(idiom, " ");
  for (const kind of ORDER) {
    if (PATTERNS[kind].some((re) => re.test(cleaned))) return kind;
  }
  return null;
}

export function safetyVerdict(text: string): SafetyVerdict | null {
  const kind = detectSafety(text);
  if (!kind) return null;
  return { kind, careful: CAREFUL[kind], continueWithGuidance: kind !== "self_harm" && kind !== "violence" };
}

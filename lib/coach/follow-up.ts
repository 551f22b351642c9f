import { contentWords } from "@/lib/library/query-terms";

// A follow-up ("And what if he says everything is fine?") names too little to search the library
// on its own: alone it finds whatever mentions "fine". When a question continues the conversation,
// the library is searched with the previous question in front of it, so the sources stay on the
// topic; a question that brings its own subject ("How do I delegate more?") is searched alone.

const CONTINUATION =
  /^(?:and|but|so|then|also|ok(?:ay)?|what if|what about|how about|and if|or|even if|still|yes|no|right)\b/i;
// At most this many content words, and the question leans on the conversation for its subject.
const FEW_WORDS = 2;
// A short question that points back at someone or something already named ("can I offer him
// something else instead", "should I tell the rest of them") leans on it too.
const POINTER = /\b(?:he|him|his|she|her|hers|they|them|their|it|that|this|those|these)\b/i;
const POINTER_WORDS = 4;

export function isFollowUp(question: string): boolean {
  const q = question.trim();
  const words = contentWords(q).length;
  return CONTINUATION.test(q) || words <= FEW_WORDS || (words <= POINTER_WORDS && POINTER.test(q));
}

/** The text the library is searched with: the question alone, or, for a follow-up, the earlier
 * questions back to the one that set the subject (oldest first, at most three) and this one. */
export function retrievalQuery(question: string, earlierQuestions: readonly string[]): string {
  if (!isFollowUp(question)) return question;
  const context: string[] = [];
  for (let i = earlierQuestions.length - 1; i >= 0 && context.length < 3; i--) {
    const q = earlierQuestions[i]!;
    context.unshift(q);
    if (!isFollowUp(q)) break;
  }
  return [...context, question].join("\n");
}

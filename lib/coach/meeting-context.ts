import { z } from "zod";

// A 1:1 meeting as Boss Bot reads it: what the employee wrote in the prep form, how their mood and
// stress moved, what is still open between the two of them and what the suggestions flag. Built on
// the server from the meeting itself (never from what the browser sends), already in words where a
// value would otherwise be a timestamp or an id: nothing here is a field name, an id or a date in
// ISO form, so nothing of the kind can reach an answer.

/** How a 1-5 value moved since the pair's previous submitted prep form. */
const trendSchema = z.enum(["up", "down", "steady"]);
export type Trend = z.infer<typeof trendSchema>;

const text = z.string().max(5000);

export const meetingContextSchema = z.object({
  /** The employee's first name, as the manager calls them. */
  employeeFirstName: z.string().min(1).max(100),
  /** The meeting's day in words in the manager's time zone, e.g. "Tuesday 2 December". */
  when: z.string().max(100),
  /** True once the meeting has taken place or was completed (the review after it), false before. */
  past: z.boolean(),
  /** The submitted prep form; null when the employee has not submitted one. */
  prep: z
    .object({
      mood: z.number().int().min(1).max(5),
      stress: z.number().int().min(1).max(5),
      /** The previous submitted form's values, when there is one. */
      previousMood: z.number().int().min(1).max(5).nullable(),
      previousStress: z.number().int().min(1).max(5).nullable(),
      moodTrend: trendSchema.nullable(),
      stressTrend: trendSchema.nullable(),
      wins: text,
      challenges: text,
      goals: text,
      feedback: text,
      workload: text,
      career: text,
      teamDynamics: text,
      notes: text,
    })
    .nullable(),
  /** Open action items between the two; `owner` "manager" is the reader of the answer. */
  openActions: z
    .array(
      z.object({
        text: z.string().max(2000),
        owner: z.enum(["manager", "employee"]),
        due: z.string().max(100).nullable(),
      }),
    )
    .max(50),
  /** The meeting's suggestions (rules or model), most pressing first. */
  suggestions: z
    .array(
      z.object({
        title: z.string().max(300),
        suggestion: z.string().max(2000),
        priority: z.enum(["high", "medium", "low"]),
      }),
    )
    .max(20),
});
export type MeetingContext = z.infer<typeof meetingContextSchema>;

import type { ErrorCode } from "@/lib/errors/codes";

// What every form server action returns to its form (lib/actions/action.ts makes it). Client-safe.
export type FormState = {
  status: "idle" | "ok" | "error";
  message?: string;
  /** On error: the stable code to decide by, and the status an API route would have answered. */
  code?: ErrorCode;
  httpStatus?: number;
  fields?: Record<string, string[]>;
};

export const idleState: FormState = { status: "idle" };

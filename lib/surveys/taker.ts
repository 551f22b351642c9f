import "server-only";
import { currentSession } from "@/lib/auth/current-session";
import type { Taker } from "@/lib/surveys/survey-read";

/** The token from the link when there is one, else the signed-in person of this workspace (who
 * can read the survey's title but answers only with the link from their e-mail). */
export async function takerFor(token: string | undefined | null): Promise<Taker> {
  if (token) return { token };
  const session = await currentSession();
  return { userId: session?.ctx.userId ?? null };
}

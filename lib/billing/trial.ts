/** Whether a trialing organisation's trial is over (the clock is read here, outside render). */
export function trialHasEnded(status: string, trialEndDate: Date | null, now: Date = new Date()): boolean {
  return status === "trialing" && trialEndDate !== null && trialEndDate.getTime() < now.getTime();
}

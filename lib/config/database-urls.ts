import { createHmac } from "node:crypto";

export const APP_ROLE = "pulsewell_app";

/** The application role's password, derived from AUTH_SECRET so that every instance sharing the
 * secret agrees on it without another variable to distribute. */
export function appRolePassword(authSecret: string): string {
  return createHmac("sha256", authSecret).update("pulsewell-app-role").digest("base64url");
}

/** DATABASE_APP_URL when not given: the owner's URL with the application role's credentials. */
export function deriveAppUrl(ownerUrl: string, authSecret: string): string {
  const u = new URL(ownerUrl);
  u.username = APP_ROLE;
  u.password = appRolePassword(authSecret);
  return u.toString();
}

// Everything a database needs before the app can use it: migrations, the application role's
// login, the job queues. Idempotent, and safe to run at every start.
import { applyMigrations } from "./migrate";
import { enableAppRoleLogin } from "./app-role";
import { installJobsSchema } from "./jobs-schema";
import { syncBuiltinLibrary } from "./builtin-library";
import { appRolePassword, deriveAppUrl } from "@/lib/config/database-urls";

export async function prepareDatabase(
  ownerUrl: string,
  authSecret: string,
  appUrl?: string,
): Promise<{ appUrl: string; applied: string[] }> {
  const applied = await applyMigrations(ownerUrl);
  // With an explicit DATABASE_APP_URL the operator manages that role's password.
  if (!appUrl) await enableAppRoleLogin(ownerUrl, appRolePassword(authSecret));
  await installJobsSchema(ownerUrl);
  await syncBuiltinLibrary(ownerUrl);
  return { appUrl: appUrl ?? deriveAppUrl(ownerUrl, authSecret), applied };
}

// Gives the application role its login and password (a migration creates it without either,
// since the password is configuration).
import pg from "pg";
import { APP_ROLE } from "@/lib/config/database-urls";

export async function enableAppRoleLogin(ownerUrl: string, password: string): Promise<void> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    await client.query(
      `ALTER ROLE ${client.escapeIdentifier(APP_ROLE)} WITH LOGIN PASSWORD ${client.escapeLiteral(password)}`,
    );
  } finally {
    await client.end();
  }
}

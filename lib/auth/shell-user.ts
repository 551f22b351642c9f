/**
 * The signed-in user as the application shell sees it. The server layout passes it as a prop, so
 * the shell never has to fetch the session on the client. Structurally the same as the server's
 * session DTO, but free of server imports so client components can use it.
 */
export type ShellUser = {
  id: string;
  organizationId: string;
  firstName: string;
  lastName: string;
  email: string;
  role: "admin" | "manager" | "employee";
};

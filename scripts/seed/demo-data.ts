// The demo workspace's people: a small company with an admin, three managers and their teams.
export const DEMO = {
  subdomain: "freshleadershipworld",
  name: "Fresh Leadership World",
  password: "Pulsewell-demo-2026",
  admin: { firstName: "Alex", lastName: "Morgan", email: "admin@freshleadershipworld.com" },
  teams: [
    {
      name: "Engineering",
      manager: { firstName: "Jordan", lastName: "Lee", email: "jordan.lee@freshleadershipworld.com" },
      members: [
        ["Sam", "Carter"],
        ["Taylor", "Kim"],
        ["Riley", "Chen"],
        ["Casey", "Park"],
      ],
    },
    {
      name: "Customer Success",
      manager: { firstName: "Priya", lastName: "Shah", email: "priya.shah@freshleadershipworld.com" },
      members: [
        ["Morgan", "Diaz"],
        ["Jamie", "Fox"],
        ["Avery", "Brooks"],
      ],
    },
    {
      name: "Marketing",
      manager: { firstName: "Chris", lastName: "Nolan", email: "chris.nolan@freshleadershipworld.com" },
      members: [
        ["Drew", "Evans"],
        ["Quinn", "Harper"],
        ["Skyler", "Reed"],
      ],
    },
  ],
  trialDays: 7,
} as const;

export const demoEmail = (first: string, last: string) => `${first}.${last}@freshleadershipworld.com`.toLowerCase();

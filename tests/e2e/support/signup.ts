/** A complete `POST /api/signup/complete` body for a new company at `subdomain`. */
export function signupBody(subdomain: string, password: string) {
  return {
    firstName: "Nia",
    lastName: "Okafor",
    workEmail: `nia@${subdomain}.example`,
    password,
    confirmPassword: password,
    companyName: `Company ${subdomain}`,
    subdomain,
    companySize: "11-50",
    marketingConsent: false,
  };
}

import { COMPANY_SIZES, type CompanySize } from "@/lib/signup/schemas";

/** The size band for a head count, e.g. the landing page's "team size" (sent along as teamSize). */
export function companySizeFor(count: number): CompanySize | "" {
  if (!Number.isInteger(count) || count < 1) return "";
  if (count <= 10) return COMPANY_SIZES[0];
  if (count <= 50) return COMPANY_SIZES[1];
  if (count <= 200) return COMPANY_SIZES[2];
  if (count <= 500) return COMPANY_SIZES[3];
  return COMPANY_SIZES[4];
}

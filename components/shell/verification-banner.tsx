import type { VerificationBannerDto } from "@/lib/org/email-verification";
import { VerificationBannerPanel } from "@/components/shell/verification-banner-panel";

/** A server component, so a confirmed workspace's pages (almost all of them) do not download the
 * banner's client code: only a banner that shows sends it (tests/e2e/budgets.spec.ts). */
export function VerificationBanner({ banner }: { banner: VerificationBannerDto | null }) {
  return banner ? <VerificationBannerPanel banner={banner} /> : null;
}

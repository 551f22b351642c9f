import { z } from "zod";
import { apiFetch } from "@/lib/api/client";
import type { BillingChangeDto, CheckoutDto, PortalDto } from "@/lib/billing/dto";

// Browser-side calls of Settings > Billing & Subscription (the signup card step's SetupIntent is
// lib/signup/client.ts postSetupIntent).
// Failures throw ApiRequestError; callers read them with problemOf. The addresses the browser is
// sent to are checked to be http(s) URLs, so a bad answer can never become a javascript: link.

const httpUrl = z.url({ protocol: /^https?$/ });
const checkoutSchema = z.object({ checkoutUrl: httpUrl });
const portalSchema = z.object({ url: httpUrl });

export function startCheckout(organizationId: string): Promise<CheckoutDto> {
  return apiFetch("/api/billing/upgrade", { method: "POST", body: { organizationId }, schema: checkoutSchema });
}

export function cancelSubscription(organizationId: string): Promise<BillingChangeDto> {
  return apiFetch<BillingChangeDto>("/api/billing/cancel", { method: "POST", body: { organizationId } });
}

export function resumeSubscription(organizationId: string): Promise<BillingChangeDto> {
  return apiFetch<BillingChangeDto>("/api/billing/resume", { method: "POST", body: { organizationId } });
}

export function openBillingPortal(organizationId: string): Promise<PortalDto> {
  return apiFetch("/api/billing/portal", { method: "POST", body: { organizationId }, schema: portalSchema });
}

export function changeSeats(organizationId: string, seats: number): Promise<BillingChangeDto> {
  return apiFetch<BillingChangeDto>("/api/billing/seats", { method: "PUT", body: { organizationId, seats } });
}

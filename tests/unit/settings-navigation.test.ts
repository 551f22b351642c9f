import { describe, expect, it } from "vitest";
import { activeSettingsSection, settingsSectionsFor, userManagementTab } from "@/components/settings/sections";
import { isLinkActive, navItemsFor } from "@/components/shell/nav-items";
import { BILLING_PATH, billingSettingsUrl } from "@/lib/billing/urls";
import { searchTimeZones, suggestedTimeZone, timeZoneLabel, timeZoneNames } from "@/lib/format/zones";

describe("Settings sections", () => {
  it("lists only the sections each role may open, from the permission map", () => {
    const hrefs = (role: "admin" | "manager" | "employee") => settingsSectionsFor(role).map((s) => s.href);
    expect(hrefs("admin")).toEqual([
      "/settings",
      "/settings/email",
      "/settings/schedule",
      "/settings/anonymity",
      "/settings/users",
      "/settings/billing",
    ]);
    // Managers view what admins manage (docs/decisions.md (Roles and permissions)), billing included.
    expect(hrefs("manager")).toEqual(hrefs("admin"));
    expect(hrefs("employee")).toEqual(["/settings"]);
  });

  it("marks one entry active: the account page only on /settings itself", () => {
    const sections = settingsSectionsFor("admin");
    expect(activeSettingsSection("/settings", sections)?.label).toBe("Your account");
    expect(activeSettingsSection("/settings/", sections)?.label).toBe("Your account");
    expect(activeSettingsSection("/settings/users", sections)?.label).toBe("User Management");
    expect(activeSettingsSection("/settings/billing", sections)?.label).toBe("Billing & Subscription");
    expect(activeSettingsSection("/settings/unknown", sections)).toBeUndefined();
    expect(activeSettingsSection("/settings/billing", settingsSectionsFor("employee"))).toBeUndefined();
  });

  it("keeps the shell's Settings entry active on every section page", () => {
    const settings = navItemsFor("admin").find((i) => i.href === "/settings")!;
    for (const path of ["/settings", "/settings/email", "/settings/users"])
      expect(isLinkActive(path, settings)).toBe(true);
    expect(isLinkActive("/settingsx", settings)).toBe(false);
  });

  it("reads User Management's tab from the address, Users when it names none", () => {
    expect(userManagementTab("teams")).toBe("teams");
    expect(userManagementTab("permissions")).toBe("permissions");
    expect(userManagementTab(undefined)).toBe("users");
    expect(userManagementTab("billing")).toBe("users");
    expect(userManagementTab(["teams", "users"])).toBe("users");
  });

  it("sends billing links and Stripe's return addresses to the Billing page", () => {
    expect(BILLING_PATH).toBe("/settings/billing");
    expect(billingSettingsUrl("acme", "localhost:3000", "?billing=success")).toBe(
      "http://acme.localhost:3000/settings/billing?billing=success",
    );
  });
});

describe("time zone search", () => {
  const zones = [
    "UTC",
    "America/Argentina/Buenos_Aires",
    "America/New_York",
    "America/Sao_Paulo",
    "Asia/Kolkata",
    "Europe/Berlin",
    "Europe/London",
    "Europe/Lisbon",
    "Pacific/Auckland",
  ];

  it("finds a zone by its city, ignoring case, underscores and accents", () => {
    expect(searchTimeZones(zones, "new york")).toEqual(["America/New_York"]);
    expect(searchTimeZones(zones, "NEW_YORK")).toEqual(["America/New_York"]);
    expect(searchTimeZones(zones, "São Paulo")).toEqual(["America/Sao_Paulo"]);
    expect(searchTimeZones(zones, "buenos")).toEqual(["America/Argentina/Buenos_Aires"]);
  });

  it("needs every word typed and puts cities starting with the query first", () => {
    expect(searchTimeZones(zones, "europe l")).toEqual(["Europe/London", "Europe/Lisbon"]);
    expect(searchTimeZones(zones, "lo")).toEqual(["Europe/London"]);
    expect(searchTimeZones(zones, "olkat")).toEqual(["Asia/Kolkata"]);
    expect(searchTimeZones(zones, "america/new")).toEqual(["America/New_York"]);
    expect(searchTimeZones(zones, "atlantis")).toEqual([]);
  });

  it("offers the city closest to what was typed first, in the whole list", () => {
    const all = timeZoneNames();
    expect(searchTimeZones(all, "lon")[0]).toBe("Europe/London");
    expect(searchTimeZones(all, "lon")).toContain("Arctic/Longyearbyen");
    expect(searchTimeZones(all, "par")[0]).toBe("Europe/Paris");
    expect(searchTimeZones(all, "syd")[0]).toBe("Australia/Sydney");
  });

  it("offers the browser's zone first, typed or not", () => {
    expect(searchTimeZones(zones, "", "Europe/London").slice(0, 2)).toEqual(["Europe/London", "UTC"]);
    expect(searchTimeZones(zones, "   ", "Europe/London")).toHaveLength(zones.length);
    expect(searchTimeZones(zones, "europe", "Europe/London")).toEqual([
      "Europe/London",
      "Europe/Berlin",
      "Europe/Lisbon",
    ]);
    expect(searchTimeZones(zones, "berlin", "Europe/London")).toEqual(["Europe/Berlin"]);
  });

  it("suggests the browser's zone only when the list has it", () => {
    expect(suggestedTimeZone(zones, "Europe/Berlin")).toBe("Europe/Berlin");
    expect(suggestedTimeZone(zones, "Mars/Olympus_Mons")).toBeNull();
    expect(suggestedTimeZone(zones, undefined)).toBeNull();
  });

  it("searches the runtime's full list and labels zones without underscores", () => {
    const all = timeZoneNames();
    expect(all.length).toBeGreaterThan(300);
    expect(searchTimeZones(all, "los angeles")[0]).toBe("America/Los_Angeles");
    expect(timeZoneLabel("America/Los_Angeles")).toBe("America/Los Angeles");
  });
});

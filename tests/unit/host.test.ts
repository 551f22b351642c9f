import { describe, expect, it } from "vitest";
import { parseHost, splitHost } from "@/lib/tenancy/host";

describe("parseHost", () => {
  const local = "localhost:3000";
  const prod = "pulsewell.com";

  it("treats the root domain and loopback hosts as the main site", () => {
    expect(parseHost("localhost:3000", local)).toEqual({ kind: "main", local: true });
    expect(parseHost("127.0.0.1:3000", local)).toEqual({ kind: "main", local: true });
    expect(parseHost("pulsewell.com", prod)).toEqual({ kind: "main", local: false });
    expect(parseHost("PULSEWELL.COM.", prod)).toEqual({ kind: "main", local: false });
  });

  it("finds the tenant in <sub>.<root>, with the root's port", () => {
    expect(parseHost("acme.localhost:3000", local)).toEqual({ kind: "tenant", subdomain: "acme" });
    expect(parseHost("Acme-2.pulsewell.com", prod)).toEqual({ kind: "tenant", subdomain: "acme-2" });
    expect(parseHost("acme.pulsewell.com:8443", prod)).toEqual({ kind: "tenant", subdomain: "acme" });
  });

  it("refuses another port, another domain, nested or malformed labels", () => {
    expect(parseHost("acme.localhost:3001", local)).toEqual({ kind: "unknown" });
    expect(parseHost("acme.evil.com", prod)).toEqual({ kind: "unknown" });
    expect(parseHost("evilpulsewell.com", prod)).toEqual({ kind: "unknown" });
    expect(parseHost("a.b.pulsewell.com", prod)).toEqual({ kind: "unknown" });
    expect(parseHost("-acme.pulsewell.com", prod)).toEqual({ kind: "unknown" });
    expect(parseHost("acme-.pulsewell.com", prod)).toEqual({ kind: "unknown" });
    expect(parseHost("", prod)).toEqual({ kind: "unknown" });
    expect(parseHost(null, prod)).toEqual({ kind: "unknown" });
    expect(parseHost("acme.pulsewell.com/x", prod)).toEqual({ kind: "unknown" });
    expect(parseHost("user@acme.pulsewell.com", prod)).toEqual({ kind: "unknown" });
  });

  it("marks reserved subdomains and the product name", () => {
    for (const sub of ["www", "api", "admin", "billing", "signup", "test", "pulsewell"]) {
      expect(parseHost(`${sub}.pulsewell.com`, prod)).toEqual({ kind: "reserved", subdomain: sub });
    }
    expect(parseHost("acme.pulsewell.com", prod, "Acme")).toEqual({ kind: "reserved", subdomain: "acme" });
  });

  it("splits IPv6 hosts with ports", () => {
    expect(splitHost("[::1]:3000")).toEqual({ name: "[::1]", port: "3000" });
    expect(parseHost("[::1]:3000", local)).toEqual({ kind: "main", local: true });
  });
});

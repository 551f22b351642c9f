import path from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";

// scripts/trusted-proxy.mjs is plain JavaScript (run by scripts/serve.mjs); loaded by URL so the
// type checker does not look for its declarations.
type Proxies = { all: boolean; none: boolean; trusts(peer: string | undefined): boolean };
type Module = {
  trustedProxies(value: string | undefined): Proxies;
  bindAddress(env: Record<string, string | undefined>): string | undefined;
};
let m: Module;
beforeAll(async () => {
  m = (await import(
    /* @vite-ignore */ pathToFileURL(path.join(import.meta.dirname, "../../scripts/trusted-proxy.mjs")).href
  )) as Module;
});

describe("TRUST_PROXY", () => {
  it("trusts no peer when unset, empty or 0", () => {
    for (const value of [undefined, "", " ", "0"]) {
      const p = m.trustedProxies(value);
      expect(p.none).toBe(true);
      expect(p.trusts("127.0.0.1")).toBe(false);
      expect(p.trusts("10.0.0.5")).toBe(false);
    }
  });

  it("keeps 1 meaning every peer", () => {
    const p = m.trustedProxies("1");
    expect(p.all).toBe(true);
    expect(p.trusts("203.0.113.9")).toBe(true);
    expect(p.trusts("2001:db8::1")).toBe(true);
  });

  it("honours the headers only from the listed addresses and ranges", () => {
    const p = m.trustedProxies("127.0.0.1, 10.0.0.0/8,::1,fd00::/8");
    expect(p.all || p.none).toBe(false);
    expect(p.trusts("127.0.0.1")).toBe(true);
    expect(p.trusts("10.1.2.3")).toBe(true);
    expect(p.trusts("::1")).toBe(true);
    expect(p.trusts("fd12:3456::7")).toBe(true);
    // Someone reaching the instance from elsewhere, or over another loopback address.
    expect(p.trusts("127.0.0.2")).toBe(false);
    expect(p.trusts("11.0.0.1")).toBe(false);
    expect(p.trusts("192.168.1.20")).toBe(false);
    expect(p.trusts("2001:db8::1")).toBe(false);
    expect(p.trusts(undefined)).toBe(false);
    expect(p.trusts("")).toBe(false);
  });

  it("recognises an IPv4 peer on a socket listening on every interface (::ffff:a.b.c.d)", () => {
    const p = m.trustedProxies("127.0.0.1,10.0.0.0/8");
    expect(p.trusts("::ffff:127.0.0.1")).toBe(true);
    expect(p.trusts("::FFFF:10.9.8.7")).toBe(true);
    expect(p.trusts("::ffff:192.0.2.1")).toBe(false);
  });

  it("ignores an IPv6 zone in the peer's address", () => {
    expect(m.trustedProxies("fe80::/10").trusts("fe80::1%eth0")).toBe(true);
  });

  it("refuses a value that is neither 1 nor a list of addresses, instead of guessing", () => {
    for (const value of ["true", "yes", "localhost", "10.0.0.0/33", "10.0.0.0/8/1", "10.0.0.0/x", "::1/129", "1,"])
      expect(() => m.trustedProxies(value), value).toThrow(/TRUST_PROXY/);
  });
});

describe("BIND_ADDRESS", () => {
  it("listens on every interface when unset, as npm start always did", () => {
    expect(m.bindAddress({})).toBeUndefined();
    expect(m.bindAddress({ BIND_ADDRESS: "  " })).toBeUndefined();
  });

  it("listens on the address given", () => {
    expect(m.bindAddress({ BIND_ADDRESS: "127.0.0.1" })).toBe("127.0.0.1");
    expect(m.bindAddress({ BIND_ADDRESS: " 10.0.0.21 " })).toBe("10.0.0.21");
  });
});

// Which connecting peers may set X-Forwarded-* (scripts/serve.mjs). Anyone who reaches an instance
// directly could otherwise pick the address their sign-in attempts and rate limits are counted
// under, so the headers are honoured only from the proxy's own addresses.
import { BlockList, isIP } from "node:net";

/** The peer's address as the family it really is: "::ffff:10.0.0.5" (an IPv4 client on a socket
 * listening on ::) is 10.0.0.5, and an IPv6 zone ("fe80::1%eth0") is dropped. */
function plainAddress(address) {
  const bare = address.split("%", 1)[0];
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare);
  return mapped ? mapped[1] : bare;
}

/**
 * TRUST_PROXY as a test on the connecting peer's address:
 * - unset, "" or "0": no peer (the headers are always dropped);
 * - "1": every peer (only safe when nothing but the proxy can reach the instance);
 * - a comma-separated list of addresses and CIDR ranges ("127.0.0.1,10.0.0.0/8,::1"): those peers.
 * Throws on anything else, so a typo stops the server instead of trusting nobody or everybody.
 * @param {string | undefined} value
 * @returns {{ all: boolean; none: boolean; trusts(peer: string | undefined): boolean }}
 */
export function trustedProxies(value) {
  const setting = (value ?? "").trim();
  if (setting === "" || setting === "0") return { all: false, none: true, trusts: () => false };
  if (setting === "1") return { all: true, none: false, trusts: () => true };
  const list = new BlockList();
  for (const entry of setting.split(",").map((e) => e.trim())) {
    const [address = "", prefix, extra] = entry.split("/");
    const family = isIP(address);
    const type = family === 6 ? "ipv6" : "ipv4";
    const bits = prefix === undefined ? null : Number(prefix);
    const maxBits = family === 6 ? 128 : 32;
    if (!family || extra !== undefined || (bits !== null && (!/^\d{1,3}$/.test(prefix ?? "") || bits > maxBits)))
      throw new Error(
        `TRUST_PROXY: "${entry}" is not an IP address or CIDR range (expected "1" or a list such as 127.0.0.1,10.0.0.0/8)`,
      );
    if (bits === null) list.addAddress(address, type);
    else list.addSubnet(address, bits, type);
  }
  return {
    all: false,
    none: false,
    trusts(peer) {
      if (!peer) return false;
      const address = plainAddress(peer);
      const family = isIP(address);
      return family !== 0 && list.check(address, family === 6 ? "ipv6" : "ipv4");
    },
  };
}

/** The address to listen on: BIND_ADDRESS, or every interface when unset (undefined). */
export function bindAddress(env) {
  const value = (env.BIND_ADDRESS ?? "").trim();
  return value === "" ? undefined : value;
}

import { test, expect } from "./support/test";
import { signInResponse } from "./support/http";
import { createWorkspace, throttleCounters } from "./support/workspace";

// Failed sign-ins count against the address the server saw, not one the client claims: the
// production server drops client-sent X-Forwarded-For and X-Real-IP (scripts/serve.mjs).
test("a forged X-Forwarded-For does not give a fresh address for every guess", async () => {
  const ws = await createWorkspace("thr");
  for (let i = 0; i < 6; i++) {
    const forged = { "x-forwarded-for": `203.0.113.${i}`, "x-real-ip": `198.51.100.${i}` };
    const res = await signInResponse(ws.subdomain, `nobody${i}@example.com`, "Wrong-guess-1", forged);
    expect(res.status).toBeLessThan(500);
  }
  const counters = await throttleCounters(ws);
  const addresses = Object.entries(counters).filter(([k]) => k.startsWith("address:"));
  expect(addresses).toHaveLength(1);
  expect(addresses[0]![0]).not.toMatch(/203\.0\.113|198\.51\.100/);
  expect(addresses[0]![1]).toBe(6);
});

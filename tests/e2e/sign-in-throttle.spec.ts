import { test, expect } from "@playwright/test";
import { hostOf, request } from "./support/http";
import { createWorkspace, throttleCounters } from "./support/workspace";

// Failed sign-ins count against the address the server saw, not one the client claims: the
// production server drops client-sent X-Forwarded-For and X-Real-IP (scripts/serve.mjs).
test("a forged X-Forwarded-For does not give a fresh address for every guess", async () => {
  const ws = await createWorkspace("thr");
  const host = hostOf(ws.subdomain);
  for (let i = 0; i < 6; i++) {
    const csrf = await request({ host, path: "/api/auth/csrf" });
    const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
    const jar = (csrf.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
    const res = await request({
      host,
      path: "/api/auth/callback/credentials",
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": `203.0.113.${i}`, "x-real-ip": `198.51.100.${i}` },
      body: new URLSearchParams({ csrfToken, email: `nobody${i}@example.com`, password: "Wrong-guess-1", json: "true" }).toString(),
      cookie: jar,
    });
    expect(res.status).toBeLessThan(500);
  }
  const counters = await throttleCounters(ws);
  const addresses = Object.entries(counters).filter(([k]) => k.startsWith("address:"));
  expect(addresses).toHaveLength(1);
  expect(addresses[0]![0]).not.toMatch(/203\.0\.113|198\.51\.100/);
  expect(addresses[0]![1]).toBe(6);
});

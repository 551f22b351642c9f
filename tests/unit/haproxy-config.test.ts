import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

// deploy/haproxy/pulsewell.cfg, the balancer that routes by /api/ready. Its syntax is checked by
// HAProxy itself when Debian's haproxy is installed (.ci/run does not install it: said, not silent).
const file = path.join(import.meta.dirname, "../../deploy/haproxy/pulsewell.cfg");
const config = readFileSync(file, "utf8");
const lines = config.split("\n").map((l) => l.trim());

const has = (cmd: string) => spawnSync("sh", ["-c", `command -v ${cmd}`]).status === 0;
/** Runs a program of the system's (haproxy and openssl come from Debian, not from npm). */
const system = (bin: string, args: string[]) => spawnSync(bin, args, { encoding: "utf8" });

describe("deploy/haproxy/pulsewell.cfg", () => {
  it("takes an instance out when /api/ready does not answer 200", () => {
    expect(lines).toContain("option httpchk GET /api/ready");
    expect(lines).toContain("http-check expect status 200");
    expect(lines.some((l) => /^default-server\b.*\bcheck\b/.test(l))).toBe(true);
  });

  it("sets the forwarded headers instead of appending to what the client sent", () => {
    expect(lines).toContain("http-request set-header X-Forwarded-For %[src]");
    expect(lines).toContain("http-request set-header X-Forwarded-Proto https");
    expect(lines).toContain("http-request del-header Forwarded");
    expect(lines.some((l) => l.startsWith("option forwardfor"))).toBe(false);
  });

  it("retries only a connection that failed, never a request an instance may have received", () => {
    expect(lines).toContain("retry-on conn-failure");
  });

  it("is valid for haproxy -c", (ctx) => {
    if (!has("haproxy") || !has("openssl")) {
      console.warn(
        `[unit] skipped "haproxy -c deploy/haproxy/pulsewell.cfg": ${has("haproxy") ? "openssl" : "haproxy"} is not installed (apt-get install haproxy)`,
      );
      ctx.skip();
      return;
    }
    const dir = mkdtempSync(path.join(tmpdir(), "pw-haproxy-"));
    try {
      // The certificate the file names exists only on the balancer: a throwaway one stands in.
      const cert = system("openssl", [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=pulsewell.example.com",
        "-keyout",
        path.join(dir, "key.pem"),
        "-out",
        path.join(dir, "cert.pem"),
      ]);
      expect(cert.status, cert.stderr).toBe(0);
      const pem = readFileSync(path.join(dir, "cert.pem"), "utf8") + readFileSync(path.join(dir, "key.pem"), "utf8");
      writeFileSync(path.join(dir, "site.pem"), pem);
      const crt = "/etc/haproxy/certs/pulsewell.example.com.pem";
      expect(config).toContain(crt);
      writeFileSync(path.join(dir, "haproxy.cfg"), config.replace(crt, path.join(dir, "site.pem")));
      const check = system("haproxy", ["-c", "-f", path.join(dir, "haproxy.cfg")]);
      expect(check.stdout + check.stderr).toContain("Configuration file is valid");
      expect(check.stderr).not.toMatch(/\[WARNING\]|\[ALERT\]/);
      expect(check.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

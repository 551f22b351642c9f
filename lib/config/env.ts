import "server-only";
import { z } from "zod";

// One validated view of the configuration. The app refuses to run with a clear message instead of
// failing later on a missing or malformed variable. See .env.example for what each one does.
const schema = z.object({
  DATABASE_APP_URL: z.url({ message: "DATABASE_APP_URL must be a postgresql:// URL" }),
  AUTH_SECRET: z.string().min(32, "AUTH_SECRET must be at least 32 characters"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  ROOT_DOMAIN: z.string().min(1).optional(),
  PRODUCT_NAME: z.string().min(1).default("Pulsewell"),
  DATA_DIR: z.string().min(1).default(".data"),
  MAIL_FROM: z.string().min(3).optional(),
  RESEND_API_KEY: z.string().min(1).optional(),
  RESEND_BASE_URL: z.url().optional(),
  JOBS_IN_PROCESS: z.enum(["0", "1"]).default("1"),
  DATABASE_URL: z.url().optional(),
  // Optional: the application role on a streaming replica, for report reads (lib/db/read-routing.ts).
  DATABASE_REPLICA_URL: z.url({ message: "DATABASE_REPLICA_URL must be a postgresql:// URL" }).optional(),
  AI_BASE_URL: z.url({ message: "AI_BASE_URL must be a URL" }).optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
  // Boss Bot's master keys (lib/coach/crypto.ts): "id:base64key,..." (the first is current), or one
  // key and its id. Unset: a key generated once into DATA_DIR/coach-master-key.
  COACH_MASTER_KEYS: z
    .string()
    .regex(
      /^\s*[A-Za-z0-9._-]{1,64}:[A-Za-z0-9+/=]{43,44}\s*(,\s*[A-Za-z0-9._-]{1,64}:[A-Za-z0-9+/=]{43,44}\s*)*$/,
      "COACH_MASTER_KEYS must be id:base64key[,id:base64key...] (32-byte keys)",
    )
    .optional(),
  COACH_MASTER_KEY: z
    .string()
    .regex(
      /^\s*[A-Za-z0-9+/=]{43,44}\s*$/,
      "COACH_MASTER_KEY must be a 32-byte key in base64 (openssl rand -base64 32)",
    )
    .optional(),
  COACH_MASTER_KEY_ID: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, "COACH_MASTER_KEY_ID may hold letters, digits, '.', '_' and '-'")
    .optional(),
  // Billing (lib/billing/config.ts): all three keys, or none (a self-hosted installation without
  // billing). STRIPE_API_BASE points the server's Stripe client at another host (a local stand-in).
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, "STRIPE_SECRET_KEY must look like sk_test_... or sk_live_...")
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_[A-Za-z0-9_]+$/, "STRIPE_PUBLISHABLE_KEY must look like pk_test_... or pk_live_...")
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9_+/=]+$/, "STRIPE_WEBHOOK_SECRET must look like whsec_...")
    .optional(),
  STRIPE_API_BASE: z.url({ message: "STRIPE_API_BASE must be a URL such as http://127.0.0.1:12111" }).optional(),
  // Optional: the Price to bill (6 USD per seat per month). Unset: found or created by lookup key.
  STRIPE_PRICE_ID: z
    .string()
    .regex(/^price_[A-Za-z0-9_]+$/, "STRIPE_PRICE_ID must look like price_...")
    .optional(),
  // Optional, for a local stand-in of Stripe.js (the demo's `npm start`): the browser loads this
  // script instead of https://js.stripe.com. Unset in production.
  STRIPE_JS_URL: z.url().optional(),
});

export type Env = z.infer<typeof schema> & { rootDomain: string; mailFrom: string };

let cached: Env | undefined;

export function env(): Env {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}\nSee .env.example.`);
  }
  const e = parsed.data;
  const rootDomain = (e.ROOT_DOMAIN ?? `localhost:${e.PORT}`).toLowerCase();
  cached = {
    ...e,
    rootDomain,
    mailFrom: e.MAIL_FROM ?? `${e.PRODUCT_NAME} <no-reply@${rootDomain.split(":")[0]}>`,
  };
  return cached;
}

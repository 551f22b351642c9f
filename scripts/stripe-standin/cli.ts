/**
 * Runs the Stripe stand-in on its own:
 *   npx tsx scripts/stripe-standin/cli.ts --port 12111 --webhook-url http://127.0.0.1:3000/api/billing/webhook \
 *     --webhook-secret whsec_test --state-file .data/stripe-standin.json
 */
import { parseArgs } from "node:util";
import { startStripeStandin } from "./index.ts";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "12111" },
    host: { type: "string", default: "127.0.0.1" },
    "webhook-url": { type: "string" },
    "webhook-secret": { type: "string", default: "whsec_standin" },
    "state-file": { type: "string" },
    "no-deliver": { type: "boolean", default: false },
  },
});

const standin = await startStripeStandin({
  port: Number(values.port),
  host: values.host,
  webhookUrl: values["webhook-url"] ?? null,
  webhookSecret: values["webhook-secret"] ?? "whsec_standin",
  stateFile: values["state-file"] ?? null,
  autoDeliver: !values["no-deliver"],
});
console.log(
  `Stripe stand-in listening on ${standin.url}${values["webhook-url"] ? `, webhooks -> ${values["webhook-url"]}` : ""}`,
);

const shutdown = (): void => {
  void standin.stop().then(() => process.exit(0));
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);

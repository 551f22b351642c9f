// Zod 4 compiles object parsers with `new Function` where it may, and finds out whether it may by
// calling `Function("")` the first time it builds an object schema. The pages' Content-Security-Policy
// (proxy.ts) allows no eval, so in the browser that probe is a CSP violation: caught by zod, but
// reported in the console and to any report endpoint, hiding real ones. Parsing without the JIT
// asks nothing of the policy, and the browser's schemas (forms, API answers) are small, so it
// costs nothing noticeable. Server code keeps the JIT (this runs only in the browser).
// Nothing of zod is imported: every page's root layout runs this, and even zod/v4/core's `config`
// brings zod's utilities along (~5.5 KiB gz). zod keeps its global settings on
// `globalThis.__zod_globalConfig` (created by whichever copy of zod loads first, and read by all),
// so setting `jitless` there is what `config({ jitless: true })` does, before or after zod loads
// (tests/unit/zod-no-eval.test.ts checks that zod reads this object).
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
if (typeof window !== "undefined") Object.assign((scope.__zod_globalConfig ??= {}), { jitless: true });

export {};

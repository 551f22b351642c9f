import { config } from "zod/v4/core";

// Zod 4 compiles object parsers with `new Function` where it may, and finds out whether it may by
// calling `Function("")` the first time it builds an object schema. The pages' Content-Security-Policy
// (proxy.ts) allows no eval, so in the browser that probe is a CSP violation: caught by zod, but
// reported in the console and to any report endpoint, hiding real ones. Parsing without the JIT
// asks nothing of the policy, and the browser's schemas (forms, API answers) are small, so it
// costs nothing noticeable. Server code keeps the JIT (this runs only in the browser).
// Only zod's global settings are imported (zod/v4/core's `config`, the object the full library
// reads): every page's root layout runs this, and the library itself (~32 KiB gz) loads only on
// pages whose client code builds schemas.
if (typeof window !== "undefined") config({ jitless: true });

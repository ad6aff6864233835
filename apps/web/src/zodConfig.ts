// The app's Content-Security-Policy has no 'unsafe-eval': zod would probe `new Function` (refused, and
// reported as a CSP violation on every page with a form) before falling back to interpreting its schemas.
// So zod is jitless from the start. zod keeps its configuration on `globalThis.__zod_globalConfig` (shared by
// every copy of zod) and reads it as each schema is built; it is set here, in the entry, before zod loads with
// the first page that has schemas. `z.config()` would do the same but bring ~3 kB of zod into the first visit
// of `/` (over its 150 kB budget's margin). zodConfig.test.ts checks that zod reads this.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

#!/usr/bin/env node
/**
 * Compiles the server-side programs for production (part of `npm run build`, after `remix build`): the school API,
 * the start script and the operators' commands, each one ES module in build/server/ that plain `node` runs, so that
 * production loads no TypeScript transpiler (tsx stays a development tool for tests and scripts).
 * Packages stay external (native modules such as sharp and libSQL load from node_modules as usual); our own modules
 * (api/, contract/, their JSON locales) are bundled, resolved through tsconfig.json's paths.
 */
import { build } from "esbuild";

export const ENTRIES = {
  api: "api/server.ts",
  start: "scripts/start.ts",
  job: "scripts/job.ts",
  backup: "scripts/backup.ts",
  restore: "scripts/restore.ts",
  seed: "api/db/seed-cli.ts",
};

await build({
  entryPoints: ENTRIES,
  outdir: "build/server",
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: "linked",
  logLevel: "warning",
  // A bundled module that calls require() (CommonJS habits of a dependency's typings) gets one from its own URL.
  banner: { js: 'import { createRequire as __kgCreateRequire } from "node:module"; const require = __kgCreateRequire(import.meta.url);' },
});
console.log(`[build] server programs → build/server/{${Object.keys(ENTRIES).join(",")}}.mjs`);

import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  resolve: {
    alias: { "~": r("./app"), "@contract": r("./contract"), "@api": r("./api") },
  },
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}", "tests/api/**/*.test.ts", "contract/**/*.test.ts"],
    // One demo database per run, copied by every API suite (tests/api/helpers.ts startTestApi).
    globalSetup: ["tests/db-template.global-setup.ts"],
    testTimeout: 30000,
    hookTimeout: 60000,
    // API suites start their own server on a fresh database; run files one at a time on 2 cores.
    fileParallelism: false,
  },
});

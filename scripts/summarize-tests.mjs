// Adds up the JSON reports of vitest and Playwright and prints the closing line CI reads.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const [dir, stepFailures = "0"] = process.argv.slice(2);
let passed = 0,
  failed = 0,
  skipped = 0;
const rows = [];
for (const f of existsSync(dir) ? readdirSync(dir) : []) {
  const r = JSON.parse(readFileSync(join(dir, f), "utf8"));
  let p = 0,
    x = 0,
    s = 0;
  if ("numPassedTests" in r) {
    p = r.numPassedTests;
    x = r.numFailedTests;
    s = r.numPendingTests + (r.numTodoTests ?? 0);
  } else if (r.stats) {
    p = r.stats.expected + (r.stats.flaky ?? 0);
    x = r.stats.unexpected;
    s = r.stats.skipped;
  }
  rows.push(`${f.replace(/\.json$/, "").padEnd(18)} ${p} passed, ${x} failed, ${s} skipped`);
  passed += p;
  failed += x;
  skipped += s;
}
console.log("\n" + rows.join("\n"));
// A step that failed without a failing test (build, type check, a crashed runner) still fails the run.
const extra = Number(stepFailures) > 0 && failed === 0 ? 1 : 0;
console.log(`${passed} passed, ${failed + extra} failed, ${skipped} skipped`);
process.exit(failed + Number(stepFailures) > 0 ? 1 : 0);

// Adds up the JSON reports of vitest and Playwright and prints the closing lines CI reads: the name of every failed
// (and flaky) test, one line per run, and the total.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

const [dir, stepFailures = "0"] = process.argv.slice(2);
let passed = 0,
  failed = 0,
  skipped = 0;
const rows = [];
const named = [];

/** vitest's JSON: files with assertion results. */
function vitestFailures(r, run) {
  for (const file of r.testResults ?? [])
    for (const a of file.assertionResults ?? [])
      if (a.status === "failed") named.push(`FAILED ${run}: ${relative(process.cwd(), file.name)} > ${a.fullName ?? a.title}`);
}

/** Playwright's JSON: nested suites of specs, each with tests per project. */
function playwrightFailures(suite, run, trail = []) {
  for (const child of suite.suites ?? []) playwrightFailures(child, run, [...trail, child.title]);
  for (const spec of suite.specs ?? [])
    for (const t of spec.tests ?? [])
      if (t.status === "unexpected" || t.status === "flaky")
        named.push(`${t.status === "flaky" ? "FLAKY " : "FAILED"} ${run} [${t.projectName}]: ${spec.file}:${spec.line} ${spec.title}`);
}

for (const f of existsSync(dir) ? readdirSync(dir).filter((n) => n.endsWith(".json")) : []) {
  const run = f.replace(/\.json$/, "");
  const r = JSON.parse(readFileSync(join(dir, f), "utf8"));
  let p = 0,
    x = 0,
    s = 0;
  if ("numPassedTests" in r) {
    p = r.numPassedTests;
    x = r.numFailedTests;
    s = r.numPendingTests + (r.numTodoTests ?? 0);
    vitestFailures(r, run);
  } else if (r.stats) {
    p = r.stats.expected + (r.stats.flaky ?? 0);
    x = r.stats.unexpected;
    s = r.stats.skipped;
    for (const suite of r.suites ?? []) playwrightFailures(suite, run);
  }
  const node = join(dir, `${run}.node`);
  const on = existsSync(node) ? ` (Node ${readFileSync(node, "utf8").trim().replace(/^v/, "")})` : "";
  rows.push(`${run.padEnd(18)} ${p} passed, ${x} failed, ${s} skipped${on}`);
  passed += p;
  failed += x;
  skipped += s;
}
console.log("\n" + [...named, ...rows].join("\n"));
// A step that failed without a failing test (build, type check, a crashed runner) still fails the run.
const extra = Number(stepFailures) > 0 && failed === 0 ? 1 : 0;
console.log(`${passed} passed, ${failed + extra} failed, ${skipped} skipped`);
process.exit(failed + Number(stepFailures) > 0 ? 1 : 0);

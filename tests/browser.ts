import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

/**
 * The browser the Playwright suite drives: Chromium's headless shell, which the npm package @sparticuz/chromium ships
 * brotli-packed and scripts/unpack-test-browser.ts unpacks once per version into tests/.tmp/. It is Chromium without
 * the desktop browser around it (the same Blink and V8; Playwright's own default for headless runs): on these 2-core
 * machines the suite's pages take about 60 % of the time the full Debian Chromium takes in its headless mode
 * (docs/architecture.md, "The test browser"). The bench's time-to-usable measure keeps the full browser a school PC runs.
 */
export const HEADLESS_SHELL_DIR = (() => {
  const { version } = JSON.parse(readFileSync(resolve("node_modules/@sparticuz/chromium/package.json"), "utf8")) as { version: string };
  return resolve(`tests/.tmp/headless-shell-${version}`);
})();
export const HEADLESS_SHELL = join(HEADLESS_SHELL_DIR, "chromium");

/** Debian's Chromium (scripts/ensure-chromium.sh installs it; the headless shell needs the libraries it brings). */
export const DEBIAN_CHROMIUM = "/usr/bin/chromium";

/** The test browser: CHROMIUM_PATH if set, else the headless shell once unpacked, else Debian's Chromium. */
export const testBrowserPath = () => process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : DEBIAN_CHROMIUM);

import { defineConfig } from "@playwright/test";
import { DEBIAN_CHROMIUM, testBrowserPath } from "./tests/browser";

/**
 * End-to-end tests in Chromium (tests/browser.ts) against the real API and console, started here on
 * test ports with a fresh demo database (scripts/start.ts --fresh).
 * Files named *.nojs.spec.ts run with JavaScript disabled; all others with it enabled.
 */
export const E2E = {
  port: Number(process.env.E2E_PORT || 3100),
  apiPort: Number(process.env.E2E_API_PORT || 8887),
  sessionSecret: "e2e-secret",
};
export const E2E_BASE_URL = `http://127.0.0.1:${E2E.port}`;
export const E2E_API_URL = `http://127.0.0.1:${E2E.apiPort}/`;
/** Where the API's local SMS provider writes the codes it "sends" (tests/e2e/sms-outbox.ts reads them). */
export const E2E_SMS_OUTBOX = `./tests/.tmp/e2e-sms-outbox-${E2E.port}.log`;

/** Specs that change demo data every other spec relies on (e.g. kindergarten 1's optionalFunction). */
const SHARED_STATE = /optional-function-menu\.spec\.ts$/;

/** Chromium's switches for the tests and the bench (closed network: no background connections). */
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
/** The browser the tests drive (tests/browser.ts: Chromium's headless shell). */
const testBrowser = { executablePath: testBrowserPath(), args: CHROMIUM_ARGS };
/** The bench's time to usable is measured in the full browser a school PC runs: Debian's Chromium. */
export const chromium = { executablePath: process.env.CHROMIUM_PATH || DEBIAN_CHROMIUM, args: CHROMIUM_ARGS };

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "tests/.tmp/playwright",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  // A test that fails twice on a busy CI machine gets a third try; each try is listed, and a flaky one is named in the summary.
  retries: process.env.CI ? 2 : 0,
  use: {
    baseURL: E2E_BASE_URL,
    launchOptions: testBrowser,
    locale: "zh-CN",
    trace: "off",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "js", testIgnore: [/\.nojs\.spec\.ts$/, SHARED_STATE], use: { javaScriptEnabled: true } },
    { name: "nojs", testMatch: /\.nojs\.spec\.ts$/, use: { javaScriptEnabled: false } },
    // Specs that change what every other spec sees (kindergarten 1's feature flags) run alone, afterwards.
    { name: "shared-state", testMatch: SHARED_STATE, dependencies: ["js", "nojs"], use: { javaScriptEnabled: true } },
  ],
  webServer: {
    command: "node --import tsx scripts/start.ts --fresh",
    url: `${E2E_BASE_URL}/login`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(E2E.port),
      API_PORT: String(E2E.apiPort),
      API_BASE_URL: E2E_API_URL,
      DATABASE_URL: `file:./tests/.tmp/e2e-${E2E.port}.db`,
      SESSION_SECRET: E2E.sessionSecret,
      DATA_DIR: `./tests/.tmp/e2e-data-${E2E.port}`,
      SMS_OUTBOX_FILE: E2E_SMS_OUTBOX,
      // The local WeChat stand-in, enabled explicitly as for the demo (it is off unless asked for).
      WECHAT_PROVIDER: "sandbox",
      // The payment stand-in likewise (off unless asked for: PAYMENTS=local).
      PAYMENTS: "local",
      NODE_ENV: "production",
      // The suite signs in several hundred times in 20 minutes from one address, the kindergarten admin alone over
      // 60 times: the default login limits (60 per phone, 300 per address in 15 minutes) would refuse a late spec, and
      // its retry too. The limits themselves are tested in tests/api/concurrency.test.ts.
      RATE_LIMIT_LOGIN_PHONE: "100000/900",
      RATE_LIMIT_LOGIN_ADDRESS: "100000/900",
    },
  },
});

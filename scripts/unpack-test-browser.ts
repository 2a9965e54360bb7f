// Unpacks the test browser (tests/browser.ts) once per version and prints its path.
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { HEADLESS_SHELL, HEADLESS_SHELL_DIR } from "../tests/browser";

if (!existsSync(HEADLESS_SHELL)) {
  // Unpacked beside, then renamed: an interrupted unpack never leaves a half-written binary under the final name.
  const partial = `${HEADLESS_SHELL_DIR}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  // The package unpacks into the directory os.tmpdir() names when it is called.
  process.env.TMPDIR = partial;
  const { default: Chromium } = await import("@sparticuz/chromium");
  await Chromium.executablePath();
  rmSync(HEADLESS_SHELL_DIR, { recursive: true, force: true });
  renameSync(partial, HEADLESS_SHELL_DIR);
}
console.log(HEADLESS_SHELL);

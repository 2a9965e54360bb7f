import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * A random per-installation secret kept in `file` (created on first use, readable by the owner only): the console's
 * session secret, the local payment stand-in's signing key. Two processes starting at once agree on one.
 */
export function persistedSecret(file: string): string {
  const at = path.resolve(file);
  try {
    const existing = fs.readFileSync(at, "utf8").trim();
    if (existing) return existing;
  } catch {
    // not there yet
  }
  const secret = crypto.randomBytes(32).toString("hex");
  fs.mkdirSync(path.dirname(at), { recursive: true });
  try {
    fs.writeFileSync(at, secret + "\n", { mode: 0o600, flag: "wx" });
    return secret;
  } catch {
    // Another process created it first: use theirs.
    return fs.readFileSync(at, "utf8").trim();
  }
}

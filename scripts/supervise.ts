/**
 * supervise(): keeps one child process running. After a crash it is started again with exponential backoff
 * (0.5 s, 1 s, 2 s … 30 s; back to 0.5 s after a run of a stable minute), with a log line each time.
 * stop() ends it for good: SIGTERM, then SIGKILL if it has not exited after a grace period.
 */
import { spawn, type ChildProcess, type StdioOptions } from "node:child_process";

export interface SuperviseOptions {
  /** Shown in log lines, e.g. "API". */
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  stdio?: StdioOptions;
  minDelayMs?: number;
  maxDelayMs?: number;
  /** A run at least this long counts as stable: the next crash restarts after minDelayMs again. */
  stableMs?: number;
  /** Grace period between SIGTERM and SIGKILL on stop(). */
  killAfterMs?: number;
  log?: (line: string) => void;
}

export interface Supervised {
  /** The current child (null while waiting to restart or after stop()). */
  readonly child: ChildProcess | null;
  readonly restarts: number;
  stop(): Promise<void>;
}

export function supervise(o: SuperviseOptions): Supervised {
  const { minDelayMs = 500, maxDelayMs = 30_000, stableMs = 60_000, killAfterMs = 5_000 } = o;
  const log = o.log ?? ((line: string) => console.error(line));
  let child: ChildProcess | null = null;
  let delay = minDelayMs;
  let restarts = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  function start() {
    const startedAt = Date.now();
    const c = spawn(o.command, o.args, { env: o.env, stdio: o.stdio ?? "inherit" });
    child = c;
    let gone = false;
    const onGone = (why: string) => {
      if (gone) return;
      gone = true;
      child = null;
      if (stopped) return;
      if (Date.now() - startedAt >= stableMs) delay = minDelayMs;
      log(`[start] ${o.name} stopped (${why}); restarting in ${delay / 1000} s`);
      timer = setTimeout(() => {
        restarts++;
        start();
      }, delay);
      delay = Math.min(delay * 2, maxDelayMs);
    };
    c.on("exit", (code, signal) => onGone(signal ?? `exit code ${code}`));
    c.on("error", (err) => onGone(err.message)); // could not be started at all
  }

  start();
  return {
    get child() {
      return child;
    },
    get restarts() {
      return restarts;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      const c = child;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      const exited = new Promise<void>((r) => c.once("exit", () => r()));
      c.kill("SIGTERM");
      const kill = setTimeout(() => c.kill("SIGKILL"), killAfterMs);
      await exited;
      clearTimeout(kill);
    },
  };
}

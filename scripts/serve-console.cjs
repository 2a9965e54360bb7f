#!/usr/bin/env node
/**
 * The console in production: @remix-run/serve, in CONSOLE_WORKERS processes sharing one port (node:cluster), so that
 * rendering pages, which is CPU-bound, uses more than one core. Default 1: one process, exactly remix-serve alone.
 * Usage: node scripts/serve-console.cjs build/index.js (the same arguments as remix-serve).
 *
 * Each worker keeps its own copy of the user info (app/utils/current-user.server.ts), revalidated with the API at
 * every request (ETag), so no worker serves a role, flag or token that changed upstream.
 */
const cluster = require("node:cluster");
const path = require("node:path");

const workers = Math.max(1, Math.floor(Number(process.env.CONSOLE_WORKERS || 1)) || 1);
const cli = path.join(__dirname, "..", "node_modules", "@remix-run", "serve", "dist", "cli.js");

if (workers > 1 && cluster.isPrimary) {
  let stopping = false;
  for (let i = 0; i < workers; i++) cluster.fork();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    console.error(`[console] worker ${worker.process.pid} ended (${signal || code}); starting another`);
    cluster.fork();
  });
  for (const sig of ["SIGINT", "SIGTERM"])
    process.on(sig, () => {
      stopping = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill(sig);
      setTimeout(() => process.exit(0), 2000).unref();
    });
} else {
  require(cli);
}

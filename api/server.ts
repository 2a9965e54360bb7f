import { serve } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { loadConfig, type ApiConfig } from "./config";
import { isEmpty, migrate, openDb, type DbHandle } from "./db";
import { seedDemo } from "./db/seed";
import { seedFilesReady } from "@api/teaching/samples";
import { buildApp } from "./app";
import { markServing } from "./backup/running";
import { bucketVersioningWarning } from "./backup/s3-versioning";
import { schedulerEnabled, startScheduler } from "./jobs";
import type { Deps } from "./context";
import { smsProviderFor } from "./services/sms";
import { createFileService, LocalDiskStorage } from "./services/storage";
import { DisabledWechatGateway, LocalWechatGateway, WechatApiGateway, type WechatGateway } from "./services/wechat";

export interface StartOptions {
  /** 0 = a random free port. Default API_PORT or 8787. */
  port?: number;
  host?: string;
  databaseUrl?: string;
  /** Load the demo data when the database is empty (default true). */
  seed?: boolean;
  /** Overrides of the configuration (e.g. tokenTtlSeconds in tests). */
  config?: Partial<ApiConfig>;
  quiet?: boolean;
  /** Run the job scheduler in this process (default: unless JOBS=off). */
  jobs?: boolean;
}

export interface RunningApi {
  /** Base address with a trailing slash, e.g. http://127.0.0.1:8787/ */
  url: string;
  port: number;
  handle: DbHandle;
  deps: Deps;
  close(): Promise<void>;
}

/** The real WeChat gateway when configured, else none (the sandbox is chosen apart: it also serves a page). */
function wechatGatewayFor(config: ApiConfig): WechatGateway {
  return config.wechat.provider === "wechat" ? new WechatApiGateway(config.wechat) : new DisabledWechatGateway();
}

/** Opens and migrates the database, seeds it when empty, builds the app and listens. */
export async function startApi(opts: StartOptions = {}): Promise<RunningApi> {
  const config = loadConfig(process.env, {
    ...(opts.databaseUrl ? { databaseUrl: opts.databaseUrl } : {}),
    ...(opts.host ? { host: opts.host } : {}),
    ...opts.config,
  });
  const port = opts.port ?? config.port;
  const handle = openDb(config.databaseUrl);
  await migrate(handle);
  // An embedded database says it is being served, so that `npm run restore` refuses to replace it meanwhile.
  const unmarkServing = markServing(config.databaseUrl);
  if ((opts.seed ?? true) && (await isEmpty(handle.db))) await seedDemo(handle);

  const wechatSandbox = config.wechat.provider === "sandbox" ? new LocalWechatGateway(handle.db, config.aes) : null;
  const deps: Deps = {
    db: handle.db,
    dialect: handle.dialect,
    config,
    sms: smsProviderFor(config.sms, opts.quiet ? () => {} : console.log),
    storage: new LocalDiskStorage(handle.db, config.uploadDir),
    files: createFileService(handle.db, config),
    wechat: wechatSandbox ?? wechatGatewayFor(config),
    wechatSandbox,
  };
  const app = buildApp(deps);
  // The demo data's sample files are written into storage before the API answers (tests compare the store's contents).
  await seedFilesReady;
  // Scheduled jobs (api/jobs): on in every instance unless JOBS=off; the database lets one instance run each slot.
  const scheduler = (opts.jobs ?? schedulerEnabled()) ? startScheduler(deps) : null;

  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port, hostname: config.host }, () => resolve(s));
  });
  const actual = (server.address() as AddressInfo).port;
  const shownHost = config.host === "0.0.0.0" || config.host === "::" ? "127.0.0.1" : config.host;
  const url = `http://${shownHost}:${actual}/`;
  if (!opts.quiet) {
    console.log(`API listening on http://${shownHost}:${actual}`);
    if (config.sms.provider === "local") console.log(`SMS codes are not sent: the local provider writes them to ${config.sms.outboxFile}`);
    if (config.storage.kind === "s3") void bucketVersioningWarning(config.storage).then((w) => w && console.warn(w));
    if (wechatSandbox) console.warn("WeChat sandbox on (WECHAT_PROVIDER=sandbox): anyone can log in as an applicant with any phone; demo only.");
  }

  return {
    url,
    port: actual,
    handle,
    deps,
    async close() {
      await scheduler?.stop();
      await new Promise<void>((resolve) => {
        const s = server as unknown as { close(cb: () => void): void; closeAllConnections?: () => void };
        s.close(() => resolve());
        s.closeAllConnections?.();
      });
      await handle.destroy();
      unmarkServing();
    },
  };
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  startApi().then(
    (api) => {
      const stop = () => void api.close().then(() => process.exit(0));
      process.on("SIGINT", stop);
      process.on("SIGTERM", stop);
    },
    (err: unknown) => {
      console.error("API failed to start:", (err as Error)?.message ?? err);
      process.exit(1);
    },
  );
}

import { serve } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { loadConfig, type ApiConfig } from "./config";
import { isEmpty, migrate, openDb, type DbHandle } from "./db";
import { seedDemo } from "./db/seed";
import { buildApp } from "./app";
import type { Deps } from "./context";
import { LocalSmsProvider } from "./services/sms";
import { LocalDiskStorage } from "./services/storage";
import { LocalWechatGateway } from "./services/wechat";

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
}

export interface RunningApi {
  /** Base address with a trailing slash, e.g. http://127.0.0.1:8787/ */
  url: string;
  port: number;
  handle: DbHandle;
  deps: Deps;
  close(): Promise<void>;
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
  if ((opts.seed ?? true) && (await isEmpty(handle.db))) await seedDemo(handle);

  const wechatSandbox = new LocalWechatGateway(handle.db, config.aes);
  const deps: Deps = {
    db: handle.db,
    dialect: handle.dialect,
    config,
    sms: new LocalSmsProvider(handle.db),
    storage: new LocalDiskStorage(handle.db, config.uploadDir),
    wechat: wechatSandbox,
    wechatSandbox,
  };
  const app = buildApp(deps);

  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port, hostname: config.host }, () => resolve(s));
  });
  const actual = (server.address() as AddressInfo).port;
  const shownHost = config.host === "0.0.0.0" || config.host === "::" ? "127.0.0.1" : config.host;
  const url = `http://${shownHost}:${actual}/`;
  if (!opts.quiet) console.log(`API listening on http://${shownHost}:${actual}`);

  return {
    url,
    port: actual,
    handle,
    deps,
    async close() {
      await new Promise<void>((resolve) => {
        const s = server as unknown as { close(cb: () => void): void; closeAllConnections?: () => void };
        s.close(() => resolve());
        s.closeAllConnections?.();
      });
      await handle.destroy();
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

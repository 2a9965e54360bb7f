import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Db } from "./db";
import type { DialectName } from "./db/migrations";
import type { ApiConfig } from "./config";
import type { SmsProvider } from "./services/sms";
import type { StorageProvider } from "./services/storage";
import type { FileService } from "./services/storage/files";
import type { LocalWechatGateway, WechatGateway } from "./services/wechat";
import type { Scope } from "./tenancy";

/** Everything an endpoint needs, built once per server. */
export interface Deps {
  db: Db;
  dialect: DialectName;
  config: ApiConfig;
  sms: SmsProvider;
  storage: StorageProvider;
  /** Files of records on the configured object store (api/services/storage/files.ts). */
  files: FileService;
  wechat: WechatGateway;
  /** Present when the local WeChat stand-in is active (serves wechat-sandbox/authorize). */
  wechatSandbox: LocalWechatGateway | null;
}

export type AppEnv = { Variables: { scope: Scope } };
export type App = OpenAPIHono<AppEnv>;

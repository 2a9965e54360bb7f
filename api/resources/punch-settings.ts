import { z } from "@hono/zod-openapi";
import { localName } from "@contract/format";
import { can } from "@contract/resource";
import type { Lang } from "@contract/settings";
import { punchSettingForm, punchSettingItem, punchSettings, type PunchSetting } from "@contract/resources/punch-settings";
import type { App, AppEnv, Deps } from "@api/context";
import { nowIso, type Db } from "@api/db";
import { write } from "@api/db/audit";
import { forbidden, langOf, notFound } from "@api/http";
import { makeGuards, scopeOf } from "@api/auth/guards";
import type { Scope } from "@api/tenancy";
import { envelope, tokenHeader } from "../routes/common";
import { parseBodyWith, replyOk, runCustom } from "./custom-routes";
import type { Context } from "hono";

/** The setting of a kindergarten (defaults when none is saved yet: id 0); the kindergarten's name in the reader's language. */
export async function loadPunchSetting(db: Db, kindergartenId: number, lang: Lang): Promise<PunchSetting | null> {
  const kg = await db.selectFrom("kindergartens").select(["id", "name", "name_en"]).where("id", "=", kindergartenId).executeTakeFirst();
  if (!kg) return null;
  const row = await db.selectFrom("punch_settings").selectAll().where("kindergarten_id", "=", kindergartenId).executeTakeFirst();
  let macs: string[] = [];
  try {
    macs = row ? (JSON.parse(row.mac_addresses) as string[]) : [];
  } catch {
    macs = [];
  }
  return {
    id: row ? Number(row.id) : 0,
    kindergartenId,
    kindergartenName: localName(lang, kg.name, kg.name_en),
    wifiName: row?.wifi_name ?? null,
    macAddresses: macs,
    workStart: row?.work_start ?? "08:00",
    workEnd: row?.work_end ?? "17:00",
    enabled: Boolean(Number(row?.enabled ?? 0)),
    updatedAt: row?.updated_at ?? null,
  };
}

/**
 * GET/PUT kindergartens/punch_setting/ — the punch-in setting of the caller's current kindergarten
 * (one row per kindergarten; page /kindergarten/punch_setting, role 5). PUT takes the whole form
 * (wifiName, macAddresses one per line or comma-separated, workStart, workEnd, enabled) and is audited.
 */
export function registerPunchSettingRoutes(app: App, deps: Deps) {
  const { db } = deps;
  const { requireAuth, assertPage } = makeGuards(deps);
  const path = "/" + punchSettings.endpoint;

  async function scopeKg(c: Context<AppEnv>, action: "view" | "change"): Promise<{ scope: Scope; kg: number }> {
    const scope = scopeOf(c);
    await assertPage(scope, punchSettings.page);
    if (!can(punchSettings, action, scope.roleId)) throw forbidden();
    if (scope.kindergartenId == null) throw notFound();
    return { scope, kg: scope.kindergartenId };
  }

  app.openAPIRegistry.registerPath({
    method: "get",
    path,
    tags: ["punchSettings"],
    summary: "The punch-in setting of the current kindergarten (打卡设置, page /kindergarten/punch_setting)",
    security: tokenHeader,
    responses: { 200: { description: "code 200", content: { "application/json": { schema: envelope(punchSettingItem) } } } },
  });
  app.get(
    path,
    requireAuth,
    runCustom(async (c: Context<AppEnv>) => {
      const { kg } = await scopeKg(c, "view");
      const item = await loadPunchSetting(db, kg, langOf(c));
      if (!item) throw notFound();
      return replyOk(c, item, "ok");
    }),
  );

  app.openAPIRegistry.registerPath({
    method: "put",
    path,
    tags: ["punchSettings"],
    summary: "Change the punch-in setting of the current kindergarten (at most 5 MAC addresses xx:xx:xx:xx:xx:xx; work end after start)",
    security: tokenHeader,
    request: {
      body: {
        required: true,
        content: {
          "application/x-www-form-urlencoded": {
            schema: z.object({
              wifiName: z.string(),
              macAddresses: z.string().optional(),
              workStart: z.string(),
              workEnd: z.string(),
              enabled: z.string().optional(),
            }),
          },
        },
      },
    },
    responses: { 200: { description: "code 200; 422 data.errors per field", content: { "application/json": { schema: envelope(punchSettingItem) } } } },
  });
  app.put(
    path,
    requireAuth,
    runCustom(async (c: Context<AppEnv>) => {
      const { scope, kg } = await scopeKg(c, "change");
      const values = (await parseBodyWith(c, punchSettings)) as z.infer<typeof punchSettingForm>;
      await write(db, { userId: scope.userId, roleId: scope.roleId }, async (w) => {
        const row = {
          wifi_name: values.wifiName,
          mac_addresses: JSON.stringify(values.macAddresses),
          work_start: values.workStart,
          work_end: values.workEnd,
          enabled: values.enabled ? 1 : 0,
          updated_at: nowIso(),
        };
        const existing = await w.trx.selectFrom("punch_settings").select("id").where("kindergarten_id", "=", kg).executeTakeFirst();
        if (existing) await w.update("punch_settings", Number(existing.id), row);
        else await w.insert("punch_settings", { ...row, kindergarten_id: kg });
      });
      return replyOk(c, await loadPunchSetting(db, kg, langOf(c)), "kgmgmt:punchSettings.messages.changed");
    }),
  );
}

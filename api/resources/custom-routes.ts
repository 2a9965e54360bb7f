/**
 * Helpers for the few endpoints of a resource section that are not list/CRUD (a single settings row,
 * a per-kindergarten editor): the engine's conventions without the engine — errors whose keys live
 * in the resource namespaces translated like the engine does (422 `data.errors` per field), forms
 * parsed with the shared schema exactly as the console parses them.
 */
import type { Context } from "hono";
import { isNamespacedKey, type ResourceDefinition } from "@contract/resource";
import { ApiError, langOf } from "@api/http";
import { hasKey, t as apiT, type Lang } from "@api/i18n";
import { parseForm } from "./engine";
import { rt } from "./i18n";

function translate(lang: Lang, m: unknown): string {
  if (typeof m !== "string") return rt(lang, (m as { key: string }).key, (m as { params?: Record<string, string | number> }).params);
  if (isNamespacedKey(m)) return rt(lang, m);
  if (hasKey(m)) return apiT(lang, m);
  return rt(lang, "crud:validation.invalid");
}

/** Runs a handler; an ApiError becomes `{code, msg, data}` with every message translated. */
export const runCustom =
  <C extends Context>(fn: (c: C) => Promise<Response>) =>
  async (c: C) => {
    try {
      return await fn(c);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const lang = langOf(c);
      let data = e.data;
      if (data && typeof data === "object" && "errors" in data) {
        const errors: Record<string, string[]> = {};
        for (const [field, list] of Object.entries((data as { errors: Record<string, unknown[]> }).errors)) errors[field] = list.map((m) => translate(lang, m));
        data = { ...(data as object), errors };
      }
      return c.json({ code: e.status, msg: e.raw ?? rt(lang, e.key, e.params), data }, e.status);
    }
  };

/** The form-encoded body parsed with the definition's form schema (422 per field, as the engine). */
export async function parseBodyWith(c: Context, def: ResourceDefinition, mode: "create" | "change" = "change") {
  const body = await c.req.parseBody({ all: true });
  const params = new URLSearchParams();
  for (const [k, raw] of Object.entries(body)) for (const v of Array.isArray(raw) ? raw : [raw]) if (typeof v === "string") params.append(k, v);
  return parseForm(def, mode, params);
}

export const replyOk = (c: Context, data: unknown, key: string, params: Record<string, string | number> = {}) =>
  c.json({ code: 200 as const, msg: rt(langOf(c), key, params), data }, 200);

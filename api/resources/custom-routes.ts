/**
 * Helpers for the few endpoints of a resource section that are not list/CRUD (a single settings row,
 * a per-kindergarten editor): the engine's conventions without the engine — errors whose keys live
 * in the resource namespaces translated like the engine does (422 `data.errors` per field), forms
 * parsed with the shared schema exactly as the console parses them.
 */
import type { Context } from "hono";
import type { ResourceDefinition } from "@contract/resource";
import { langOf, run } from "@api/http";
import { parseForm } from "./engine";
import { rt } from "./i18n";

/** Runs a handler; an ApiError becomes `{code, msg, data}` with every message translated (api/http `run`, the one error path). */
export const runCustom = run;

/** The form-encoded body parsed with the definition's form schema (422 per field, as the engine). */
export async function parseBodyWith(c: Context, def: ResourceDefinition, mode: "create" | "change" = "change") {
  const body = await c.req.parseBody({ all: true });
  const params = new URLSearchParams();
  for (const [k, raw] of Object.entries(body)) for (const v of Array.isArray(raw) ? raw : [raw]) if (typeof v === "string") params.append(k, v);
  return parseForm(def, mode, params);
}

export const replyOk = (c: Context, data: unknown, key: string, params: Record<string, string | number> = {}) =>
  c.json({ code: 200 as const, msg: rt(langOf(c), key, params), data }, 200);

import * as z from "zod";
import { formatList } from "@contract/format";
import { fieldLabelOf, type ResourceView } from "@contract/resource-view";
import { admissionCustomers } from "@contract/resources/admission";
import { students } from "@contract/resources/students";
import { users } from "@contract/resources/users";
import type { getLocale, getT } from "~/utils/i18n.server";

/**
 * The personal-data page's texts made from the API's records: the night job writes what it did as JSON (the fields it
 * cleared as column names, its counts); the reader gets sentences in her language, the fields named by their entity's
 * own labels.
 */
export type T = Awaited<ReturnType<typeof getT>>;
export type Lang = Awaited<ReturnType<typeof getLocale>>;

/** Whose fields a subject's columns are: the entity's own definition names and labels them. */
const SUBJECT_DEFS: Record<string, ResourceView> = { student: students, user: users, customer: admissionCustomers };
export const NAMESPACES = ["protection", "students", "usermgmt", "admission"];
const camel = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
export const jsonOf = (text: string | null): unknown => {
  if (!text || (!text.startsWith("{") && !text.startsWith("["))) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** The job's column names (`kid_name`) as the entity's field labels, joined in the reader's language. */
export function fieldsText(t: T, lang: Lang, subjectType: string, columns: unknown): string {
  if (!Array.isArray(columns)) return "";
  const def = SUBJECT_DEFS[subjectType];
  const labels = columns.map((c) => {
    const name = camel(String(c));
    const key = (def && fieldLabelOf(def, name)) ?? `protection:fields.${name}`;
    return t(key, { defaultValue: String(c) });
  });
  return formatList(lang, labels);
}

/** A deletion's outcome ({fields, files, rows} from the night job) as a sentence; a typed outcome as it is. */
const erasureOutcome = z.object({ fields: z.array(z.string()), files: z.number(), rows: z.number() });
export function outcomeText(t: T, lang: Lang, r: { outcome: string | null; subjectType: string }): string {
  const parsed = erasureOutcome.safeParse(jsonOf(r.outcome));
  if (!parsed.success) return r.outcome ?? "";
  const { fields, files, rows } = parsed.data;
  const parts = [
    fields.length ? t("protection:outcome.fields", { list: fieldsText(t, lang, r.subjectType, fields) }) : t("protection:outcome.noFields"),
    t("protection:outcome.files", { n: files }),
    t("protection:outcome.auditRows", { n: rows }),
  ];
  return parts.join(t("protection:outcome.separator"));
}

/** A run's result ({persons, files, auditRows, requests}) as labelled counts; an error message as it is. */
export function runResultText(t: T, result: string | null): string {
  const counts = jsonOf(result);
  if (!counts || typeof counts !== "object" || Array.isArray(counts)) return result ?? "";
  return Object.entries(counts as Record<string, unknown>)
    .map(([k, v]) => t("protection:runs.count", { what: t(`protection:runs.counts.${k}`, { defaultValue: k }), n: String(v) }))
    .join(t("protection:outcome.separator"));
}

/** "3 persons" / "1 person" / "3 人": i18next picks the plural form by `count` (contract/plural.ts). */
export const countText = (t: T, kind: string, n: number) => t(`protection:retention.units.${kind}`, { count: n });

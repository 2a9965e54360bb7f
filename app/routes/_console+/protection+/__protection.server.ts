import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { formatList } from "@contract/format";
import { formatDateTime } from "@contract/resource-format";
import { fieldLabelOf, type ResourceView } from "@contract/resource-view";
import { admissionCustomers } from "@contract/resources/admission";
import { students } from "@contract/resources/students";
import { users } from "@contract/resources/users";
import { downloadFromApi } from "~/components/report/report.server";
import { requireCsrf } from "~/utils/csrf.server";
import { getLocale, getT } from "~/utils/i18n.server";
import { guardAction, guardLoader } from "~/utils/page.server";
import { requirePage } from "~/utils/permissions.server";
import { redirectWithToast } from "~/utils/toast.server";
import { settle, upstream } from "~/utils/upstream.server";

const PAGE = "/protection/dataProcessing";
const requestRow = z.object({
  id: z.number(),
  kind: z.string(),
  subjectType: z.string(),
  subjectId: z.number(),
  subjectLabel: z.string(),
  requester: z.string(),
  details: z.string().nullable(),
  status: z.string(),
  outcome: z.string().nullable(),
  subjectAnonymised: z.boolean().default(false),
  createdAt: z.string(),
  doneAt: z.string().nullable(),
});
const option = z.object({ value: z.string(), label: z.string() });
const subjects = z.object({ student: z.array(option), user: z.array(option), customer: z.array(option) });
const retention = z.object({ list: z.array(z.object({ kind: z.string(), months: z.number(), enabled: z.boolean(), wouldRemove: z.number() })) });
const runs = z.object({
  runs: z.array(
    z.object({
      id: z.number(),
      slot: z.string(),
      attempt: z.number(),
      status: z.string(),
      startedAt: z.string(),
      finishedAt: z.string().nullable(),
      result: z.string().nullable(),
    }),
  ),
  log: z.array(
    z.object({
      id: z.number(),
      slot: z.string(),
      requestId: z.number().nullable(),
      rule: z.string().nullable(),
      subjectType: z.string(),
      subjectId: z.number(),
      action: z.string(),
      fields: z.string(),
      files: z.number(),
      result: z.string(),
      at: z.string(),
    }),
  ),
});
export type ProtectionPageData = {
  requests: (z.infer<typeof requestRow> & { createdAtText: string; doneAtText: string; outcomeText: string })[];
  subjects: z.infer<typeof subjects>;
  retention: (z.infer<typeof retention>["list"][number] & { wouldRemoveText: string })[];
  runs: (z.infer<typeof runs>["runs"][number] & { slotText: string; startedAtText: string; finishedAtText: string; resultText: string })[];
  log: (z.infer<typeof runs>["log"][number] & { atText: string; fieldsText: string })[];
};

type T = Awaited<ReturnType<typeof getT>>;
type Lang = Awaited<ReturnType<typeof getLocale>>;

/** Whose fields a subject's columns are: the entity's own definition names and labels them. */
const SUBJECT_DEFS: Record<string, ResourceView> = { student: students, user: users, customer: admissionCustomers };
const NAMESPACES = ["protection", "students", "usermgmt", "admission"];
const camel = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const jsonOf = (text: string | null): unknown => {
  if (!text || (!text.startsWith("{") && !text.startsWith("["))) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** The job's column names (`kid_name`) as the entity's field labels, joined in the reader's language. */
function fieldsText(t: T, lang: Lang, subjectType: string, columns: unknown): string {
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
function outcomeText(t: T, lang: Lang, r: z.infer<typeof requestRow>): string {
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
function runResultText(t: T, result: string | null): string {
  const counts = jsonOf(result);
  if (!counts || typeof counts !== "object" || Array.isArray(counts)) return result ?? "";
  return Object.entries(counts as Record<string, unknown>)
    .map(([k, v]) => t("protection:runs.count", { what: t(`protection:runs.counts.${k}`, { defaultValue: k }), n: String(v) }))
    .join(t("protection:outcome.separator"));
}

/** "3 persons" / "1 person" / "3 人": the unit by the language's plural rule. */
const countText = (t: T, lang: Lang, kind: string, n: number) =>
  t(`protection:retention.units.${kind}_${new Intl.PluralRules(lang === "en" ? "en" : "zh").select(n)}`, {
    n: String(n),
    defaultValue: `${n} ${t(`protection:retention.units.${kind}`)}`,
  });

/**
 * /protection/dataProcessing (role 5): requests (record, approve a deletion for the night job, complete, reject),
 * the access archive download, retention rules with what each would remove, and the night job's runs and log.
 */
export const protectionLoader = (args: LoaderFunctionArgs) =>
  guardLoader(args, async ({ request }) => {
    const api = upstream(request);
    const [t, lang] = await Promise.all([getT(request, NAMESPACES), getLocale(request)]);
    const [rq, sj, rt, rn] = await Promise.all([
      settle(api.get("protection/requests/", { schema: z.object({ list: z.array(requestRow) }) })),
      settle(api.get("protection/subjects/", { schema: subjects })),
      settle(api.get("protection/retention/", { schema: retention })),
      settle(api.get("protection/runs/", { schema: runs })),
    ]);
    const firstError = [rq, sj, rt, rn].find((r) => !r.ok);
    const data: ProtectionPageData = {
      requests: rq.ok
        ? rq.data.list.map((r) => ({
            ...r,
            subjectLabel: r.subjectAnonymised ? t("protection:requests.anonymisedSubject", { id: r.subjectId }) : r.subjectLabel,
            createdAtText: formatDateTime(r.createdAt),
            doneAtText: r.doneAt ? formatDateTime(r.doneAt) : "",
            outcomeText: outcomeText(t, lang, r),
          }))
        : [],
      subjects: sj.ok ? sj.data : { student: [], user: [], customer: [] },
      retention: rt.ok ? rt.data.list.map((r) => ({ ...r, wouldRemoveText: countText(t, lang, r.kind, r.wouldRemove) })) : [],
      runs: rn.ok
        ? rn.data.runs.map((r) => ({
            ...r,
            slotText: formatDateTime(r.slot),
            startedAtText: formatDateTime(r.startedAt),
            finishedAtText: r.finishedAt ? formatDateTime(r.finishedAt) : "",
            resultText: runResultText(t, r.result),
          }))
        : [],
      log: rn.ok ? rn.data.log.map((l) => ({ ...l, atText: formatDateTime(l.at), fieldsText: fieldsText(t, lang, l.subjectType, jsonOf(l.fields)) })) : [],
    };
    return { ...data, loadError: firstError && !firstError.ok ? firstError.error : null };
  });

const FORM_FIELDS: Record<string, string[]> = {
  create: ["kind", "subject", "requester", "details"],
  retention: ["applicants", "leavers", "audit", "applicantsEnabled", "leaversEnabled", "auditEnabled"],
  decide: ["outcome"],
};

export const protectionAction = (args: ActionFunctionArgs) =>
  guardAction(args, async ({ request }) => {
    await requireCsrf(request);
    const form = await request.formData();
    const intent = String(form.get("intent") ?? "");
    const pick = (names: string[]) => {
      const out: Record<string, string> = {};
      for (const k of names) {
        const v = form.get(k);
        if (typeof v === "string" && v.trim() !== "") out[k] = v.trim();
      }
      return out;
    };
    let path: string;
    let values: Record<string, string>;
    const decide = /^(approve|complete|reject):(\d{1,9})$/.exec(intent);
    if (intent === "create") [path, values] = ["protection/requests/", pick(FORM_FIELDS.create!)];
    else if (intent === "retention") [path, values] = ["protection/retention/", pick(FORM_FIELDS.retention!)];
    else if (decide) [path, values] = [`protection/requests/${decide[2]}/${decide[1]}/`, pick(FORM_FIELDS.decide!)];
    else {
      const t = await getT(request, ["protection"]);
      return redirectWithToast(PAGE, { type: "error", message: t("protection:errors.badRequest") });
    }
    const r = await settle(upstream(request).envelope("POST", path, { form: values }));
    if (r.ok) return redirectWithToast(PAGE, { type: "success", message: r.data.msg ?? "" });
    if (r.fieldErrors && Object.keys(r.fieldErrors).length) return json({ intent, values, errors: r.fieldErrors }, { status: 400 });
    return redirectWithToast(PAGE, { type: "error", message: r.error });
  });

/** /protection/dataProcessing/export?request=<id>: the access archive of that request (JSON), through the upstream client. */
export async function archiveLoader({ request }: LoaderFunctionArgs) {
  await requirePage(request);
  const id = new URL(request.url).searchParams.get("request") ?? "";
  if (!/^\d{1,9}$/.test(id)) return redirectWithToast(PAGE, { type: "error", message: (await getT(request, ["protection"]))("protection:errors.badRequest") });
  return downloadFromApi(request, `protection/requests/${id}/archive/`, {}, PAGE);
}

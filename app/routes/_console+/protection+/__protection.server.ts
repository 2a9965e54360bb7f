import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { formatDateTime } from "@contract/resource-format";
import { downloadFromApi } from "~/components/report/report.server";
import { requireCsrf } from "~/utils/csrf.server";
import { getLocale, getT } from "~/utils/i18n.server";
import { guardAction, guardLoader } from "~/utils/page.server";
import { requirePage } from "~/utils/permissions.server";
import { redirectWithToast } from "~/utils/toast.server";
import { settle, upstream } from "~/utils/upstream.server";
import { countText, fieldsText, jsonOf, NAMESPACES, outcomeText, runResultText } from "./__protection-text.server";

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
  actions: z.object({ approve: z.boolean(), complete: z.boolean(), reject: z.boolean(), archive: z.boolean() }),
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
      retention: rt.ok ? rt.data.list.map((r) => ({ ...r, wouldRemoveText: countText(t, r.kind, r.wouldRemove) })) : [],
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

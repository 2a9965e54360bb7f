import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { Role } from "@contract/roles";
import { requireCsrf } from "~/utils/csrf.server";
import { getT } from "~/utils/i18n.server";
import { forbidden, notFound, requirePage } from "~/utils/permissions.server";
import { redirectWithToast } from "~/utils/toast.server";
import { settle, upstream } from "~/utils/upstream.server";

/**
 * /student/studentAssessments/<id>/score (the teacher's scoring sheet; the principal and expert read it with the
 * child's progress chart) and /student/studentAssessments/summary (the class summary chart). Plain forms, no JavaScript.
 */
export type AssessCustom = { kind: "score"; id: number } | { kind: "summary" };
export function assessCustomOf(splat: string | undefined): AssessCustom | null {
  const s = (splat ?? "").replace(/\/+$/, "");
  if (s === "summary") return { kind: "summary" };
  const m = /^(\d{1,12})\/score$/.exec(s);
  return m ? { kind: "score", id: Number(m[1]) } : null;
}

const sheetSchema = z.object({
  assessment: z.object({
    id: z.number(),
    studentName: z.string(),
    className: z.string().nullable(),
    level: z.string(),
    time: z.string(),
    schoolYear: z.string(),
    totalScore: z.number(),
    remark: z.string().nullable(),
  }),
  items: z.array(
    z.object({ id: z.number(), content: z.string(), objective: z.string(), category: z.string(), maxScore: z.number(), score: z.number().nullable() }),
  ),
  progress: z.array(z.object({ time: z.string(), id: z.number().nullable(), score: z.number().nullable(), max: z.number(), rate: z.number().nullable() })),
});
const summarySchema = z.object({
  schoolYear: z.string(),
  list: z.array(z.object({ classId: z.number(), className: z.string(), time: z.string(), count: z.number(), rate: z.number() })),
});

export type SheetData = z.infer<typeof sheetSchema> & { view: "score"; title: string; titleKey: string; canScore: boolean };
export type SummaryData = z.infer<typeof summarySchema> & { view: "summary"; title: string; titleKey: string };

async function head(request: Request) {
  const { user, page } = await requirePage(request);
  const t = await getT(request, ["menu", "assessment"]);
  return { user, t, title: t(page.meta.title, { ns: "menu" }), titleKey: page.meta.title };
}

export async function assessCustomLoader({ request }: LoaderFunctionArgs, custom: AssessCustom) {
  const h = await head(request);
  const api = upstream(request);
  if (custom.kind === "summary") {
    const year = new URL(request.url).searchParams.get("schoolYear") ?? "";
    const r = await api.get("student/assessments/summary/", { query: { schoolYear: /^\d{4}-\d{4}$/.test(year) ? year : "" }, schema: summarySchema });
    return json<SummaryData>({ view: "summary", title: h.title, titleKey: h.titleKey, ...r });
  }
  const r = await settle(api.get(`student/assessments/${custom.id}/sheet/`, { schema: sheetSchema }));
  if (!r.ok) {
    if (r.code === 404) throw notFound();
    if (r.code === 403) throw forbidden();
    throw await redirectWithToast("/student/studentAssessments", { type: "error", message: r.error });
  }
  return json<SheetData>({ view: "score", title: h.title, titleKey: h.titleKey, canScore: h.user.info.roleId === Role.teacher, ...r.data });
}

export async function assessCustomAction({ request }: ActionFunctionArgs, custom: AssessCustom) {
  const h = await head(request);
  await requireCsrf(request);
  if (custom.kind !== "score" || h.user.info.roleId !== Role.teacher) throw forbidden();
  const form = await request.formData();
  const fields: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (/^score_\d+$/.test(k) && typeof v === "string" && v.trim()) fields[k] = v.trim();
  const r = await settle(
    api(request).envelope("POST", `student/assessments/${custom.id}/scores/`, { form: fields, schema: z.object({ totalScore: z.number() }) }),
  );
  if (!r.ok) {
    if (r.code === 404) throw notFound();
    return json({ errors: r.fieldErrors ?? { _: [r.error] }, values: fields }, { status: 400 });
  }
  return redirectWithToast(`/student/studentAssessments/${custom.id}/score`, { type: "success", message: r.data.msg ?? "" });
}
const api = (request: Request) => upstream(request);

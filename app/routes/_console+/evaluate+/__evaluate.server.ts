import { json } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import * as z from "zod";
import { EVAL_STATES, GRADES, evaluationForm } from "@contract/resources/teaching";
import { getT } from "~/utils/i18n.server";
import { forbidden, notFound } from "~/utils/permissions.server";
import { redirectWithToast } from "~/utils/toast.server";
import { formErrorsOf, settle, upstream } from "~/utils/upstream.server";

/**
 * Server side of /evaluate/evaluate1/:id (observations) and /evaluate/evaluate2/:id (course records), role 2: the
 * record read from the API, and the evaluation (a grade, then the record action `evaluate` with the comment).
 * Schemas stay here so that the route modules carry no zod.
 */
export type EvaluateKind = "evaluate1" | "evaluate2";
const ENDPOINT: Record<EvaluateKind, string> = { evaluate1: "teaching/observations/", evaluate2: "teaching/course_records/" };
export const LIST_PAGE: Record<EvaluateKind, string> = { evaluate1: "/teaching/anecdoteFile", evaluate2: "/teaching/activity" };

const recordSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    className: z.string().nullable(),
    studentName: z.string().nullable(),
    teacherName: z.string().nullable(),
    happenedOn: z.string(),
    content: z.string().nullable(),
    imageFileIds: z.array(z.number().int()).default([]),
    status: z.enum(EVAL_STATES),
    grade: z.string().nullable(),
    evaluation: z.string().nullable(),
    expertName: z.string().nullable(),
    evaluatedAt: z.string().nullable(),
    actions: z.record(z.string(), z.boolean()).optional(),
  })
  .passthrough();
export type EvaluateRecord = z.infer<typeof recordSchema>;

export interface EvaluateData {
  kind: EvaluateKind;
  record: EvaluateRecord;
  canEvaluate: boolean;
  grades: readonly string[];
}

const idOf = (id: string | undefined) => {
  if (!id || !/^\d{1,9}$/.test(id)) throw notFound();
  return Number(id);
};

export async function loadEvaluation(request: Request, kind: EvaluateKind, rawId: string | undefined): Promise<EvaluateData> {
  const id = idOf(rawId);
  const r = await settle(upstream(request).get(`${ENDPOINT[kind]}${id}/`, { schema: recordSchema }));
  if (!r.ok) throw r.code === 403 ? forbidden() : notFound();
  return { kind, record: r.data, canEvaluate: r.data.status === "toEvaluate" && !!r.data.actions?.evaluate, grades: GRADES };
}

/** Grade and comment validated here first (both messages at once, in the page's language), then the API decides. */
export async function saveEvaluation(request: Request, kind: EvaluateKind, rawId: string | undefined) {
  const id = idOf(rawId);
  const fd = await request.formData();
  const t = await getT(request, ["teaching", "crud"]);
  const submission = parseWithZod(fd, { schema: evaluationForm });
  if (submission.status !== "success") {
    const fieldErrors: Record<string, string[]> = {};
    for (const [k, v] of Object.entries(submission.error ?? {})) if (v?.length) fieldErrors[k] = v.map((m) => t(m.split("#")[0]!));
    return json(
      { fieldErrors, formErrors: [] as string[], values: { grade: String(fd.get("grade") ?? ""), comment: String(fd.get("comment") ?? "") } },
      { status: 400 },
    );
  }
  const { grade, comment } = submission.value;
  const api = upstream(request);
  const graded = await settle(api.envelope("POST", `${ENDPOINT[kind]}${id}/grade/`, { form: { grade } }));
  const done = graded.ok ? await settle(api.envelope("POST", `${ENDPOINT[kind]}${id}/evaluate/`, { form: { comment } })) : graded;
  if (!done.ok) {
    if (done.code === 403) throw forbidden();
    if (done.code === 404) throw notFound();
    return json({ ...formErrorsOf(done, ["grade", "comment"]), values: { grade, comment } }, { status: 400 });
  }
  return redirectWithToast(`${LIST_PAGE[kind]}?status=toEvaluate`, { type: "success", message: done.data.msg ?? "" });
}

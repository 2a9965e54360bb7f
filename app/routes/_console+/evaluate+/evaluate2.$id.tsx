import { pageAction, pageLoader } from "~/utils/page";
import { pageMeta } from "~/utils/meta";
import { EvaluatePage } from "./__evaluate-page";
import { loadEvaluation, saveEvaluation } from "./__evaluate.server";

/**
 * /evaluate/evaluate2/:id (hidden, role 2) — the bound expert evaluates a course record: the record, then a grade and a
 * comment (POST …/grade/ then the record action evaluate). Records of teachers not bound to her are 404 (the API's scope).
 */
export const loader = /* @__PURE__ */ pageLoader(async ({ request, params }) => ({ data: await loadEvaluation(request, "evaluate2", params.id) }));
export const action = /* @__PURE__ */ pageAction(({ request, params }) => saveEvaluation(request, "evaluate2", params.id));
export const meta = pageMeta;
export default EvaluatePage;

import { reportExportLoader } from "~/components/report/registry.server";

/** /teaching/ExpertComment/export?dateFrom=&dateTo= — the expert comment rate as xlsx (no component: a file download). */
export const loader = /* @__PURE__ */ reportExportLoader("expertCommentRate");

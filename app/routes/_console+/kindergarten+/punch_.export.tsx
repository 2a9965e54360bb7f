import { resourceExportLoader } from "~/resources/route";

/** /kindergarten/punch/export?format=xlsx|csv&<list filters> (teacher, date range, late, early). */
export const loader = /* @__PURE__ */ resourceExportLoader("punchRecords");

import { resourceExportLoader } from "~/resources/route";

/** /tuition/templates/export?format=xlsx|csv&<list filters>: streams the API's file. */
export const loader = /* @__PURE__ */ resourceExportLoader("tuitionTemplates");

import { resourceExportLoader } from "~/resources/route";

/** /daily/classCircle/export?format=xlsx|csv&<list filters> */
export const loader = resourceExportLoader("classCirclePosts");

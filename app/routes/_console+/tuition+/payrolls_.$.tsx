import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /tuition/payrolls/new, /<id>, /<id>/edit, /<id>/delete, /delete, /import (the PDF slip: payrolls_.$id.slip.ts). */
export const loader = /* @__PURE__ */ resourceSubLoader("payrolls");
export const action = /* @__PURE__ */ resourceSubAction("payrolls");
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage />;
}

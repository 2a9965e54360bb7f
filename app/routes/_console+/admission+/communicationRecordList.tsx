import { useLoaderData } from "@remix-run/react";
import { CustomerBackLink } from "~/components/admission/customer-back-link";
import { ResourceListPage } from "~/components/resource/list";
import { resourceListAction, resourceListLoader } from "~/resources/route";
import type { ListData } from "~/resources/types";
import { pageMeta } from "~/utils/meta";

/**
 * /admission/communicationRecordList — the communication records (contract/resources/admission.ts
 * `admissionCommunications`); narrowed to one customer (`?customerId=`), a link back to that customer.
 */
export const loader = /* @__PURE__ */ resourceListLoader("admissionCommunications");
export const action = resourceListAction;
export const meta = pageMeta;
export default function Page() {
  const data = useLoaderData<ListData>();
  return <ResourceListPage toolbar={<CustomerBackLink query={data.query} />} />;
}

import { PlaceholderPage } from "~/components/layout/placeholder-page";
import { pageMeta } from "~/utils/meta";
import { placeholderAction, placeholderLoader } from "~/utils/page.server";

/** /admission/communicationRecordList — guarded placeholder until its content lands. */
export const loader = placeholderLoader;
export const action = placeholderAction;
export const meta = pageMeta;
export default PlaceholderPage;

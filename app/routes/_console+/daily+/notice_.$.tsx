import { notices } from "@contract/resources/daily-notices";
import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /daily/notice/new, /<id>, /<id>/edit, /<id>/delete, /<id>/<record action>: notices: draft → published (record action) with recipients, images and video, read receipts. */
export const loader = resourceSubLoader(notices);
export const action = resourceSubAction(notices);
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage def={notices} />;
}

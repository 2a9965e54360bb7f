import { classCirclePosts } from "@contract/resources/daily-class-circle";
import { ResourceSubPage } from "~/components/resource/pages";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { pageMeta } from "~/utils/meta";

/** /daily/classCircle/new, /<id>, /<id>/edit, /<id>/delete, /<id>/<record action>: class circle posts (photo, video) per class with the daily limit; hide / show as record actions, delete. */
export const loader = resourceSubLoader(classCirclePosts);
export const action = resourceSubAction(classCirclePosts);
export const meta = pageMeta;
export default function Page() {
  return <ResourceSubPage def={classCirclePosts} />;
}

import { useLoaderData } from "@remix-run/react";
import { FaceRoster, type FaceRosterData } from "./__face-roster";
import { pageLoader } from "~/utils/page";
import { pageMeta } from "~/utils/meta";
import { loadDeviceRoster } from "~/routes/_console+/bus+/__buses.server";

/** /evaluate/faceStudentClass (hidden) — the classes and students face device A knows, per device (?device=<id>). */
export const loader = /* @__PURE__ */ pageLoader(async ({ request }) => ({ data: await loadDeviceRoster(request, "A") }));
export const meta = pageMeta;

export default function Page() {
  const { data } = useLoaderData<typeof loader>() as unknown as { data: FaceRosterData };
  return <FaceRoster data={data} kind="A" />;
}

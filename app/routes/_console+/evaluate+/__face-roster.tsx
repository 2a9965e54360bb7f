import { Form, Link } from "@remix-run/react";
import type { RosterReply } from "@contract/resources/devices";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/input";
import { formatDateTime } from "@contract/resource-format";
import { useTranslation } from "~/utils/i18n-react";

export interface FaceRosterData {
  devices: { id: number; label: string }[];
  roster: RosterReply | null;
  deviceId: number | null;
}

/** Which classes and students a face device knows (all at-school and preparatory children of its kindergarten), with its last sighting. */
export function FaceRoster({ data, kind }: { data: FaceRosterData; kind: "A" | "B" }) {
  const { t } = useTranslation("devices");
  const { roster } = data;
  const devicePage = kind === "A" ? "/device/faceDevice" : "/device/faceDevice2";
  const title = (
    <h1 className="text-xl font-semibold text-gray-800" data-testid="page-title">
      {t(kind === "A" ? "roster.titleA" : "roster.titleB")}
    </h1>
  );
  if (!data.devices.length)
    return (
      <div className="space-y-4">
        {title}
        <p className="text-sm text-gray-500" data-testid="no-device">
          {t("roster.noDevice")}{" "}
          <Link to={devicePage} className="text-primary underline">
            {t(kind === "A" ? "face.titleA" : "face.titleB")}
          </Link>
        </p>
      </div>
    );
  const students = roster?.classes.reduce((n, c) => n + c.students.length, 0) ?? 0;
  return (
    <div className="space-y-4" data-testid="face-roster">
      {title}
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <label className="text-sm text-gray-700">
          <span className="block">{t("roster.device")}</span>
          <NativeSelect name="device" defaultValue={data.deviceId ?? ""} fit className="w-72">
            {data.devices.map((d) => (
              <option key={d.id} value={d.id}>
                {d.label}
              </option>
            ))}
          </NativeSelect>
        </label>
        <Button type="submit" variant="outline">
          {t("roster.show")}
        </Button>
      </Form>
      {roster ? (
        <>
          <p className="text-sm text-gray-600" data-testid="roster-summary">
            {t("roster.summary", {
              device: `${roster.device.serialNo} ${roster.device.name}`,
              status: t(`face.status.${roster.device.status}`),
              classes: roster.classes.length,
              students,
            })}
          </p>
          <table className="w-full border-collapse bg-white text-sm">
            <thead>
              <tr className="bg-gray-50 text-left text-gray-600">
                <th className="px-2 py-2">{t("roster.class")}</th>
                <th className="px-2 py-2">{t("roster.student")}</th>
                <th className="px-2 py-2">{t("roster.cardNo")}</th>
                <th className="px-2 py-2">{t("roster.lastSeen")}</th>
              </tr>
            </thead>
            <tbody>
              {roster.classes.flatMap((c) =>
                c.students.map((s, i) => (
                  <tr key={s.id} className="border-t border-gray-100">
                    {i === 0 ? (
                      <th scope="rowgroup" rowSpan={c.students.length} className="px-2 py-2 text-left align-top font-medium text-gray-800">
                        {c.name} ({c.students.length})
                      </th>
                    ) : null}
                    <td className="px-2 py-2">{s.name}</td>
                    <td className="px-2 py-2">{s.cardNo ?? t("roster.none")}</td>
                    <td className="px-2 py-2">{s.lastSeenAt ? formatDateTime(s.lastSeenAt) : <span className="text-gray-500">{t("roster.never")}</span>}</td>
                  </tr>
                )),
              )}
            </tbody>
          </table>
        </>
      ) : null}
    </div>
  );
}

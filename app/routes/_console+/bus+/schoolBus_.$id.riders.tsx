import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { RidersReply } from "@contract/resources/buses";
import { CsrfInput } from "~/components/csrf-input";
import { Button } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { Input, NativeSelect } from "~/components/ui/input";
import { useTranslation } from "~/utils/i18n-react";
import { pageAction, pageLoader } from "~/utils/page";
import { pageMeta } from "~/utils/meta";
import { loadRiders, ridersAction } from "./__buses.server";

/**
 * /bus/schoolBus/<id>/riders — the riders of one bus: each child's station and round-trip distance (its fee band,
 * section 9), a form per rider to change them, removal, and the form that assigns a child (moving them from another
 * bus). Plain forms: everything works without JavaScript; the API refuses a full bus or an unknown station per field.
 */
export const loader = /* @__PURE__ */ pageLoader(async ({ request, params }) => ({ data: await loadRiders(request, params.id) }));
export const action = /* @__PURE__ */ pageAction(({ request, params }) => ridersAction(request, params.id));
export const meta = pageMeta;

type ActionData = { formId: string; fieldErrors: Record<string, string[]>; formErrors: string[] } | undefined;

function StationSelect({
  id,
  stations,
  value,
  label,
  form,
  describedBy,
}: {
  id: string;
  stations: RidersReply["bus"]["stations"];
  value?: string;
  label: string;
  form?: string;
  /** The id of the child's name in the row, so the control is announced with it. */
  describedBy?: string;
}) {
  const { t } = useTranslation("buses");
  return (
    <NativeSelect
      id={id}
      form={form}
      name="station"
      defaultValue={value ?? ""}
      aria-label={label}
      aria-describedby={describedBy}
      required
      inputSize="sm"
      fit
      className="w-44"
    >
      <option value="">{t("riders.chooseStation")}</option>
      {stations.map((s) => (
        <option key={s.name} value={s.name}>
          {s.name} ({s.morning ?? t("noStop")} / {s.afternoon ?? t("noStop")})
        </option>
      ))}
    </NativeSelect>
  );
}

export default function Page() {
  const { data } = useLoaderData<typeof loader>() as unknown as { data: RidersReply };
  const errors = useActionData<ActionData>();
  const { t } = useTranslation("buses");
  const { bus, riders, candidates } = data;
  const errs = (formId: string) => (errors && errors.formId === formId ? [...Object.values(errors.fieldErrors).flat(), ...errors.formErrors] : []);
  return (
    <section className="space-y-4" data-testid="bus-riders">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold text-gray-800" data-testid="page-title">
          {t("buses.ridersOf", { bus: `${bus.name} ${bus.plateNumber ?? ""}`.trim() })}
        </h1>
        <Link to="/bus/schoolBus" className="text-sm text-primary hover:underline">
          {t("riders.back")}
        </Link>
      </div>
      <p className="text-sm text-gray-600" data-testid="seats-used">
        {bus.seats != null ? t("riders.seatsUsed", { used: riders.length, seats: bus.seats }) : null}
      </p>
      <div>
        <h2 className="mb-1 text-sm font-medium text-gray-700">{t("riders.stations")}</h2>
        <ol className="flex flex-wrap gap-2 text-xs text-gray-700">
          {bus.stations.map((s, i) => (
            <li key={s.name} className="rounded bg-gray-100 px-2 py-1">
              {i + 1}. {s.name} · {t("trips.morning")} {s.morning ?? t("noStop")} · {t("trips.afternoon")} {s.afternoon ?? t("noStop")}
            </li>
          ))}
        </ol>
      </div>

      <Form method="post" className="flex flex-wrap items-end gap-2 rounded border border-gray-200 bg-white p-3" data-testid="add-rider">
        <CsrfInput />
        <input type="hidden" name="formId" value="add" />
        <label className="text-sm text-gray-700">
          <span className="block">{t("riders.student")}</span>
          <NativeSelect name="studentId" required inputSize="sm" fit className="w-64" defaultValue="">
            <option value="">{t("riders.chooseStudent")}</option>
            {candidates.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
                {c.className ? ` · ${c.className}` : ""}
                {c.busName ? ` · ${t("riders.onOtherBus", { bus: c.busName })}` : ""}
              </option>
            ))}
          </NativeSelect>
        </label>
        <label className="text-sm text-gray-700">
          <span className="block">{t("riders.station")}</span>
          <StationSelect id="add-station" stations={bus.stations} label={t("riders.station")} />
        </label>
        <label className="text-sm text-gray-700">
          <span className="block">{t("riders.distance")}</span>
          <Input name="distanceKm" type="number" step="0.1" min="0.1" max="300" required inputSize="sm" fit className="w-28" />
        </label>
        <Button type="submit" name="intent" value="save" size="sm">
          {t("riders.add")}
        </Button>
        <div className="w-full">
          <ErrorList errors={errs("add")} />
        </div>
      </Form>

      {riders.length === 0 ? (
        <p className="text-sm text-gray-500">{t("riders.empty")}</p>
      ) : (
        <table className="w-full border-collapse bg-white text-sm" data-testid="riders-table">
          <thead>
            <tr className="bg-gray-50 text-left text-gray-600">
              <th className="px-2 py-2">{t("riders.student")}</th>
              <th className="px-2 py-2">{t("riders.class")}</th>
              <th className="px-2 py-2">{t("riders.station")}</th>
              <th className="px-2 py-2">{t("riders.distance")}</th>
              <th className="px-2 py-2">{t("riders.feeBand")}</th>
              <th className="px-2 py-2">
                <span className="sr-only">{t("riders.save")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {riders.map((r) => {
              const formId = `rider-${r.studentId}`;
              return (
                <tr key={r.studentId} className="border-t border-gray-100 align-top">
                  <td className="px-2 py-2" id={`${formId}-name`}>
                    {r.studentName}
                  </td>
                  <td className="px-2 py-2">{r.className ?? ""}</td>
                  <td className="px-2 py-2">
                    <StationSelect
                      id={`${formId}-station`}
                      form={formId}
                      stations={bus.stations}
                      value={r.station}
                      label={t("riders.station")}
                      describedBy={`${formId}-name`}
                    />
                  </td>
                  <td className="px-2 py-2">
                    <Input
                      form={formId}
                      name="distanceKm"
                      type="number"
                      step="0.1"
                      min="0.1"
                      max="300"
                      required
                      defaultValue={r.distanceKm}
                      aria-label={t("riders.distance")}
                      aria-describedby={`${formId}-name`}
                      inputSize="sm"
                      fit
                      className="w-24"
                    />
                  </td>
                  <td className="px-2 py-2" data-testid={`band-${r.studentId}`}>
                    {t(`feeBands.${r.feeBand}`)}
                  </td>
                  <td className="px-2 py-2">
                    <Form method="post" id={formId} className="flex gap-2">
                      <CsrfInput />
                      <input type="hidden" name="formId" value={formId} />
                      <input type="hidden" name="studentId" value={r.studentId} />
                      <Button type="submit" name="intent" value="save" size="sm" variant="outline">
                        {t("riders.save")}
                      </Button>
                      <Button
                        type="submit"
                        name="intent"
                        value={`remove:${r.studentId}`}
                        size="sm"
                        variant="ghost"
                        aria-describedby={`${formId}-name`}
                        formNoValidate
                      >
                        {t("riders.remove")}
                      </Button>
                    </Form>
                    <ErrorList errors={errs(formId)} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

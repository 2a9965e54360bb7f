import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { TRIPS_LIST, type RidesReply } from "~/routes/_console+/bus+/__bus-types";
import { BusDayFilter, TripTable } from "~/routes/_console+/bus+/__bus-day";
import { CsrfInput } from "~/components/csrf-input";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { useTranslation } from "~/utils/i18n-react";
import { pageAction, pageLoader } from "~/utils/page";
import { pageMeta } from "~/utils/meta";
import { loadDay, rideAction } from "~/routes/_console+/bus+/__buses.server";

/**
 * /student/studentSchoolBusCheck — school-bus attendance (role 5): per bus and day, both trips — who boarded at which
 * station and who got off, riders on leave marked. Each row records a boarding or getting off (time, empty = now);
 * a morning boarding becomes the child's attendance of the day (API). Plain forms, so it works without JavaScript.
 */
export const loader = /* @__PURE__ */ pageLoader(async ({ request }) => ({ day: await loadDay(request, "buses/rides/") }));
export const action = /* @__PURE__ */ pageAction(({ request }) => rideAction(request));
export const meta = pageMeta;

type ActionData = { formId: string; fieldErrors: Record<string, string[]>; formErrors: string[] } | undefined;

export default function Page() {
  const { day } = useLoaderData<typeof loader>() as unknown as { day: RidesReply & { error: string | null } };
  const errors = useActionData<ActionData>();
  const { t } = useTranslation("buses");
  return (
    <div className="space-y-4" data-testid="bus-attendance">
      <BusDayFilter data={day} />
      {day.error ? <Alert variant="error">{day.error}</Alert> : null}
      {!day.buses.length && !day.error ? <p className="text-sm text-gray-500">{t("rides.noBus")}</p> : null}
      {day.busId != null
        ? TRIPS_LIST.map((trip) => (
            <TripTable
              key={trip}
              trip={trip}
              rows={day.trips[trip]}
              actions={(r) => {
                const formId = `${trip}-${r.studentId}`;
                return (
                  <Form method="post" className="flex flex-wrap items-center gap-1">
                    <CsrfInput />
                    <input type="hidden" name="busId" value={day.busId ?? ""} />
                    <input type="hidden" name="studentId" value={r.studentId} />
                    <input type="hidden" name="date" value={day.date} />
                    <input type="hidden" name="trip" value={trip} />
                    <Input
                      type="time"
                      name="time"
                      aria-label={t("rides.time")}
                      aria-describedby={`name-${trip}-${r.studentId}`}
                      inputSize="sm"
                      fit
                      className="w-28"
                    />
                    <Button type="submit" name="event" value="board" size="sm" variant="outline">
                      {t("rides.board")}
                    </Button>
                    <Button type="submit" name="event" value="alight" size="sm" variant="outline">
                      {t("rides.alight")}
                    </Button>
                    {r.boardedAt || r.alightedAt ? (
                      <Button type="submit" name="event" value="clear" size="sm" variant="ghost">
                        {t("rides.clear")}
                      </Button>
                    ) : null}
                    {errors?.formId === formId ? <ErrorList errors={[...Object.values(errors.fieldErrors).flat(), ...errors.formErrors]} /> : null}
                  </Form>
                );
              }}
            />
          ))
        : null}
    </div>
  );
}

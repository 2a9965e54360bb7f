import { json } from "@remix-run/node";
import { ridersReply, ridesReply, type RidersReply, type RidesReply } from "@contract/resources/buses";
import { rosterReply, faceDevicesA, faceDevicesB, type RosterReply } from "@contract/resources/devices";
import { pageSchema } from "@contract/api";
import * as z from "zod";
import { forbidden, notFound } from "~/utils/permissions.server";
import { setSecurityHeaders } from "~/utils/security-headers.server";
import { redirectWithToast } from "~/utils/toast.server";
import { classifyUpstreamFailure, formErrorsOf, settle, upstream, UpstreamError, type FormFields } from "~/utils/upstream.server";

/**
 * Server side of the custom bus and device pages (riders of a bus, school-bus attendance, the bus teacher's download,
 * the face devices' student classes): upstream calls and the replies' schemas stay here, so the route modules carry no zod.
 */

const fail = (code: number | null) => (code === 403 ? forbidden() : notFound());

export async function loadRiders(request: Request, id: string | undefined): Promise<RidersReply> {
  if (!id || !/^\d{1,9}$/.test(id)) throw notFound();
  const r = await settle(upstream(request).get(`buses/${id}/riders/`, { schema: ridersReply }));
  if (!r.ok) throw fail(r.code);
  return r.data;
}

/** intent save (studentId, station, distanceKm) or remove:<studentId>; field errors come back by the row's form id. */
export async function ridersAction(request: Request, id: string | undefined) {
  if (!id || !/^\d{1,9}$/.test(id)) throw notFound();
  const fd = await request.formData();
  const intent = String(fd.get("intent") ?? "");
  const formId = String(fd.get("formId") ?? "add");
  const back = `/bus/schoolBus/${id}/riders`;
  const r = intent.startsWith("remove:")
    ? await settle(upstream(request).envelope("DELETE", `buses/${id}/riders/${intent.slice(7).replace(/\D/g, "")}/`))
    : await settle(
        upstream(request).envelope("POST", `buses/${id}/riders/`, {
          form: { studentId: String(fd.get("studentId") ?? ""), station: String(fd.get("station") ?? ""), distanceKm: String(fd.get("distanceKm") ?? "") },
        }),
      );
  if (!r.ok) {
    if (r.code === 403) throw forbidden();
    const e = formErrorsOf(r, ["studentId", "station", "distanceKm"]);
    return json({ formId, ...e }, { status: 400 });
  }
  return redirectWithToast(back, { type: "success", message: r.data.msg ?? "" });
}

const dayQuery = (url: URL) => {
  const q: Record<string, string> = {};
  for (const k of ["busId", "date"]) {
    const v = url.searchParams.get(k);
    if (v) q[k] = v;
  }
  return q;
};

export async function loadDay(request: Request, endpoint: "buses/rides/" | "buses/roster/"): Promise<RidesReply & { error: string | null }> {
  const url = new URL(request.url);
  const r = await settle(upstream(request).get(endpoint, { query: dayQuery(url), schema: ridesReply }));
  if (r.ok) return { ...r.data, error: null };
  if (r.code === 403) throw forbidden();
  if (r.code === 404) throw notFound();
  // A bad date in the address: the page with the message instead of the list.
  return { buses: [], busId: null, date: url.searchParams.get("date") ?? "", trips: { morning: [], afternoon: [] }, teachers: [], error: r.error };
}

/** A boarding, getting off or clearing on the attendance page; back to the same bus and day. */
export async function rideAction(request: Request) {
  const fd = await request.formData();
  const form: FormFields = {};
  for (const k of ["busId", "studentId", "date", "trip", "event", "time"]) {
    const v = fd.get(k);
    if (typeof v === "string" && v !== "") form[k] = v;
  }
  const back = `/student/studentSchoolBusCheck?busId=${encodeURIComponent(String(form.busId ?? ""))}&date=${encodeURIComponent(String(form.date ?? ""))}`;
  const r = await settle(upstream(request).envelope("POST", "buses/rides/", { form }));
  if (!r.ok) {
    if (r.code === 403) throw forbidden();
    const e = formErrorsOf(r, ["time"]);
    return json({ formId: `${form.trip}-${form.studentId}`, ...e }, { status: 400 });
  }
  return redirectWithToast(back, { type: "success", message: r.data.msg ?? "" });
}

/** The roster file (pdf | xlsx) streamed through the one upstream client. */
export async function rosterFile(request: Request) {
  const url = new URL(request.url);
  const format = url.searchParams.get("format") === "xlsx" ? "xlsx" : "pdf";
  try {
    const file = await upstream(request).download("buses/roster/export/", { query: { ...dayQuery(url), format } });
    const headers = new Headers({ "content-type": file.contentType, "cache-control": "no-store" });
    if (file.disposition) headers.set("content-disposition", file.disposition);
    return new Response(file.body, { status: 200, headers: setSecurityHeaders(headers, request) });
  } catch (e) {
    if (!(e instanceof UpstreamError)) throw e;
    if (e.code === 403) throw forbidden();
    throw await redirectWithToast(`/bus/schoolBusDownload?${new URLSearchParams(dayQuery(url)).toString()}`, {
      type: "error",
      message: classifyUpstreamFailure(e).text,
    });
  }
}

const deviceList = pageSchema(z.object({ id: z.number().int(), serialNo: z.string(), name: z.string(), kindergartenName: z.string() }).passthrough());

/** The devices of a kind the user reaches and the chosen one's roster (first device when none chosen). */
export async function loadDeviceRoster(
  request: Request,
  kind: "A" | "B",
): Promise<{ devices: { id: number; label: string }[]; roster: RosterReply | null; deviceId: number | null }> {
  const def = kind === "A" ? faceDevicesA : faceDevicesB;
  const list = await settle(upstream(request).get(def.endpoint, { query: { currentPage: 1, pageSize: 200, sort: "serialNo" }, schema: deviceList }));
  if (!list.ok) throw fail(list.code);
  const devices = list.data.list.map((d) => ({ id: d.id, label: `${d.serialNo} · ${d.name}` }));
  const asked = Number(new URL(request.url).searchParams.get("device") ?? "");
  const chosen = devices.find((d) => d.id === asked) ?? devices[0];
  if (!chosen) return { devices, roster: null, deviceId: null };
  const r = await settle(upstream(request).get(`${def.endpoint}${chosen.id}/roster/`, { schema: rosterReply }));
  if (!r.ok) throw fail(r.code);
  return { devices, roster: r.data, deviceId: chosen.id };
}

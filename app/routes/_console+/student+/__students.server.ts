import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { DAY_STATES, MANUAL_STATES, type AttendanceDay, type AttendanceMonth, type ManualReply } from "@contract/entities/students";
import { guardAction, guardLoader } from "~/utils/page.server";
import { settle, upstream, pagePath } from "~/utils/upstream.server";
import { redirectWithToast } from "~/utils/toast.server";
import { age06Url } from "~/utils/permissions.server";

/**
 * Server side of the Students section's custom pages (attendance, manual, age 0–6 link): upstream calls and
 * parsing live here so the route modules carry no zod (JavaScript budget). Forms post plain HTML; the API
 * validates (422 per field) and its messages come back to the page.
 */

const anyData = z.any();

/** A failed write: its messages (field ones first) for the page's alert. */
const messagesOf = (r: { error: string; fieldErrors?: Record<string, string[]> }) => {
  const list = Object.values(r.fieldErrors ?? {}).flat();
  return list.length ? list : [r.error];
};

const back = (request: Request) => {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
};

// ---------------------------------------------------------------------------------------------
// /student/studentCheck
// ---------------------------------------------------------------------------------------------
export type AttendanceLoader = {
  view: "day" | "month";
  day: AttendanceDay | null;
  month: AttendanceMonth | null;
  error: string | null;
  states: readonly string[];
  manualStates: readonly string[];
};

export const attendanceLoader = (args: LoaderFunctionArgs) =>
  guardLoader<AttendanceLoader>(args, async ({ request }) => {
    const url = new URL(request.url);
    const view = url.searchParams.get("view") === "month" ? "month" : "day";
    const classId = url.searchParams.get("classId") ?? undefined;
    const api = upstream(request);
    if (view === "month") {
      const r = await settle(api.get("students/attendance/month/", { query: { classId, month: url.searchParams.get("month") ?? undefined }, schema: anyData }));
      return {
        view,
        day: null,
        month: r.ok ? (r.data as AttendanceMonth) : null,
        error: r.ok ? null : messagesOf(r).join(" "),
        states: DAY_STATES,
        manualStates: MANUAL_STATES,
      };
    }
    const r = await settle(api.get("students/attendance/", { query: { classId, date: url.searchParams.get("date") ?? undefined }, schema: anyData }));
    return {
      view,
      day: r.ok ? (r.data as AttendanceDay) : null,
      month: null,
      error: r.ok ? null : messagesOf(r).join(" "),
      states: DAY_STATES,
      manualStates: MANUAL_STATES,
    };
  });

/** The class save's fields as the form posted them (classId, date, entries[i].studentId/status/seen/remark). */
function classForm(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of form)
    if (typeof v === "string" && (k === "classId" || k === "date" || /^entries\[\d{1,3}\]\.(studentId|status|seen|remark)$/.test(k))) out[k] = v;
  return out;
}

export const attendanceAction = (args: ActionFunctionArgs) =>
  guardAction(args, async ({ request }) => {
    const form = await request.formData();
    const intent = String(form.get("intent") ?? "");
    const api = upstream(request);
    const r =
      intent === "settings"
        ? await settle(api.envelope("POST", "students/attendance/settings/", { form: { lateAfter: String(form.get("lateAfter") ?? "") } }))
        : intent === "class"
          ? await settle(api.envelope("POST", "students/attendance/class/", { form: classForm(form) }))
          : await settle(
              api.envelope("POST", "students/attendance/", {
                form: {
                  studentId: String(form.get("studentId") ?? ""),
                  date: String(form.get("date") ?? ""),
                  status: String(form.get("status") ?? ""),
                  remark: String(form.get("remark") ?? ""),
                },
              }),
            );
    if (!r.ok) return json({ errors: messagesOf(r), studentId: String(form.get("studentId") ?? "") }, { status: 400 });
    return redirectWithToast(back(request), { type: "success", message: r.data.msg ?? "OK" });
  });

// ---------------------------------------------------------------------------------------------
// /student/studentManual
// ---------------------------------------------------------------------------------------------
export type ManualLoader = { manual: ManualReply | null; error: string | null; editing: boolean; latest: number | null };

export const manualLoader = (args: LoaderFunctionArgs) =>
  guardLoader<ManualLoader>(args, async ({ request }) => {
    const url = new URL(request.url);
    const version = url.searchParams.get("version") ?? undefined;
    const r = await settle(upstream(request).get("students/manual/", { query: { version }, schema: anyData }));
    const manual = r.ok ? (r.data as ManualReply) : null;
    return {
      manual,
      error: r.ok ? null : messagesOf(r).join(" "),
      editing: url.searchParams.get("edit") === "1" && !!manual?.canEdit,
      latest: manual?.versions[0]?.version ?? null,
    };
  });

export const manualAction = (args: ActionFunctionArgs) =>
  guardAction(args, async ({ request }) => {
    const form = await request.formData();
    const values = { title: String(form.get("title") ?? ""), content: String(form.get("content") ?? ""), note: String(form.get("note") ?? "") };
    const r = await settle(upstream(request).envelope("POST", "students/manual/", { form: values }));
    if (!r.ok) return json({ errors: r.fieldErrors ?? {}, formError: r.fieldErrors ? null : r.error, values }, { status: 400 });
    return redirectWithToast(pagePath(request).split("?")[0]!, { type: "success", message: r.data.msg ?? "OK" });
  });

// ---------------------------------------------------------------------------------------------
// /student/studentAge06
// ---------------------------------------------------------------------------------------------
export type Age06Loader = { url: string; own: boolean; error: string | null };

export const age06Loader = (args: LoaderFunctionArgs) =>
  guardLoader<Age06Loader>(args, async ({ request }) => {
    const r = await settle(upstream(request).get("students/age06/", { schema: z.object({ url: z.string().nullable() }).passthrough() }));
    const own = r.ok ? r.data.url : null;
    return { url: own ?? age06Url(), own: !!own, error: r.ok ? null : r.error };
  });

export const age06Action = (args: ActionFunctionArgs) =>
  guardAction(args, async ({ request }) => {
    const form = await request.formData();
    const url = String(form.get("url") ?? "");
    const r = await settle(upstream(request).envelope("POST", "students/age06/", { form: { url } }));
    if (!r.ok) return json({ errors: messagesOf(r), url }, { status: 400 });
    return redirectWithToast(back(request), { type: "success", message: r.data.msg ?? "OK" });
  });

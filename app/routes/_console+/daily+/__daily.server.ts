import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { Role } from "@contract/roles";
import { healthReports } from "@contract/resources/daily-health-reports";
import { nurseryRecords } from "@contract/resources/daily-nursery";
import { epidemicRollupReport } from "@contract/daily/endpoints";
import { listLoader } from "~/resources/engine.server";
import { readLoaderReply } from "~/utils/loader-data.server";
import { loadReport, reportExport } from "~/components/report/report.server";
import { getT } from "~/utils/i18n.server";
import { requirePage } from "~/utils/permissions.server";
import { redirectWithToast } from "~/utils/toast.server";
import { settle, upstream } from "~/utils/upstream.server";
import { requireCsrf } from "~/utils/csrf.server";
import { todayCn } from "@contract/school-time";

/**
 * Server side of the Daily pages that are more than a resource list (route modules stay free of zod):
 * the health report page (the kindergarten's list with the classes that have not reported; the education bureau's
 * roll-up report), the nursery day sheet and week view, the updates page (what is due, what happened, the parents'
 * class circle and comments), and the notice / class circle detail extras (read receipts, comments).
 */
const missingSchema = z.object({ date: z.string(), list: z.array(z.object({ id: z.number(), name: z.string(), kindergartenId: z.number() })) });

export async function epidemicLoader(args: LoaderFunctionArgs) {
  const { user } = await requirePage(args.request);
  const url = new URL(args.request.url);
  if (user.info.roleId === Role.bureauLeader || url.searchParams.get("view") === "rollup") {
    return json({ dailyView: "rollup" as const, ...(await loadReport(args.request, epidemicRollupReport)) });
  }
  const list = await readLoaderReply(await listLoader(args, healthReports));
  const missing = await settle(upstream(args.request).get("daily/health_reports/missing/", { schema: missingSchema }));
  return json({ ...list.value, dailyView: "list" as const, missing: missing.ok ? missing.data.list : null }, { headers: list.headers });
}

// ---- nursery ----
const sheetSchema = z.object({
  classId: z.number().nullable(),
  date: z.string(),
  rows: z.array(
    z.object({
      studentId: z.number(),
      name: z.string(),
      recordId: z.number().nullable(),
      mood: z.string().nullable(),
      meals: z.string().nullable(),
      hydrationMl: z.number().nullable(),
      toiletTimes: z.string(),
      sleepSlots: z.string(),
      healthNote: z.string().nullable(),
    }),
  ),
});
const weekSchema = z.object({
  studentId: z.number().nullable(),
  monday: z.string(),
  days: z.array(
    z.object({
      date: z.string(),
      record: z
        .object({
          mood: z.string().nullable(),
          meals: z.string().nullable(),
          hydrationMl: z.number().nullable(),
          toiletTimes: z.string(),
          sleepSlots: z.string(),
          healthNote: z.string().nullable(),
        })
        .nullable(),
    }),
  ),
});
const optionsSchema = z.object({ list: z.array(z.object({ value: z.number(), label: z.string() })) });
const today = () => todayCn();

export async function nurseryLoader(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  const view = url.searchParams.get("view");
  if (view !== "sheet" && view !== "week") {
    const list = await readLoaderReply(await listLoader(args, nurseryRecords));
    return json({ ...list.value, dailyView: "list" as const }, { headers: list.headers });
  }
  await requirePage(args.request);
  const api = upstream(args.request);
  const date = url.searchParams.get("date") || today();
  if (view === "sheet") {
    const classes = await settle(api.get("lookups/classOptions/", { schema: optionsSchema }));
    const classList = classes.ok ? classes.data.list : [];
    const classId = url.searchParams.get("classId") || (classList[0] ? String(classList[0].value) : "");
    const sheet = await settle(api.get("daily/nursery/sheet/", { query: { classId, date }, schema: sheetSchema }));
    return json({
      dailyView: "sheet" as const,
      classes: classList,
      classId,
      date,
      rows: sheet.ok ? sheet.data.rows : [],
      error: sheet.ok ? null : sheet.error,
      fieldErrors: {} as Record<string, string[]>,
      values: null as Record<string, string> | null,
    });
  }
  const students = await settle(api.get("lookups/studentOptions/", { schema: optionsSchema }));
  const studentList = students.ok ? students.data.list : [];
  const studentId = url.searchParams.get("studentId") || (studentList[0] ? String(studentList[0].value) : "");
  const week = await settle(api.get("daily/nursery/week/", { query: { studentId, date }, schema: weekSchema }));
  return json({
    dailyView: "week" as const,
    students: studentList,
    studentId,
    date,
    monday: week.ok ? week.data.monday : date,
    days: week.ok ? week.data.days : [],
    error: week.ok ? null : week.error,
  });
}

/** POST /daily/nursery?view=sheet: the whole class at once (422 per cell: the sheet comes back with the messages). */
export async function nurseryAction({ request }: ActionFunctionArgs) {
  await requirePage(request);
  await requireCsrf(request);
  const form = await request.clone().formData();
  const fields: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === "string" && k !== "csrf") fields[k] = v;
  const classId = fields.classId ?? "";
  const date = fields.date ?? today();
  const r = await settle(upstream(request).envelope("POST", "daily/nursery/sheet/", { form: fields }));
  if (r.ok)
    return redirectWithToast(`/daily/nursery?view=sheet&classId=${encodeURIComponent(classId)}&date=${encodeURIComponent(date)}`, {
      type: "success",
      message: r.data.msg ?? "",
    });
  const t = await getT(request, "daily");
  const fieldErrors = r.fieldErrors ?? {};
  return json(
    {
      error: Object.keys(fieldErrors).length ? t("daily:nursery.sheetError", { count: Object.keys(fieldErrors).length }) : r.error,
      fieldErrors,
      values: fields,
    },
    { status: 400 },
  );
}

// ---- updates ----
const updatesSchema = z.object({
  due: z.array(z.object({ key: z.string(), count: z.number(), path: z.string().nullable() })),
  recent: z.array(z.object({ kind: z.string(), title: z.string(), at: z.string(), path: z.string().nullable() })),
});
const commentSchema = z.object({ id: z.number(), userName: z.string(), content: z.string(), status: z.string(), createdAt: z.string() });
const postsSchema = z.object({
  list: z.array(
    z.object({
      id: z.number(),
      className: z.string(),
      content: z.string(),
      imageFileId: z.number().nullable(),
      createdAt: z.string(),
      comments: z.array(commentSchema),
    }),
  ),
});

export async function updatesData(request: Request, roleId: number) {
  const api = upstream(request);
  const [u, posts] = await Promise.all([
    settle(api.get("daily/updates/", { schema: updatesSchema })),
    roleId === Role.parent ? settle(api.get("daily/updates/posts/", { schema: postsSchema })) : Promise.resolve(null),
  ]);
  return {
    due: u.ok ? u.data.due : null,
    recent: u.ok ? u.data.recent : null,
    posts: posts && posts.ok ? posts.data.list : null,
    isParent: roleId === Role.parent,
  };
}

export async function updatesComment(request: Request) {
  const form = await request.clone().formData();
  const post = String(form.get("post") ?? "");
  // A comment names the post it answers; without one the request is malformed (400 with the generic text), not a missing page.
  if (!/^\d{1,12}$/.test(post)) return json({ post: null, error: (await getT(request))("errors.400") }, { status: 400 });
  const r = await settle(upstream(request).envelope("POST", `daily/updates/posts/${post}/comments/`, { form: { content: String(form.get("content") ?? "") } }));
  if (r.ok) return redirectWithToast(`/daily/updates#post-${post}`, { type: "success", message: r.data.msg ?? "" });
  return json({ post: Number(post), error: r.fieldErrors?.content?.[0] ?? r.error }, { status: 400 });
}

// ---- notice detail: mark read, read receipts ----
const readsSchema = z.object({
  list: z.array(z.object({ userId: z.number(), name: z.string(), roleIds: z.array(z.number()), readAt: z.string().nullable() })),
  total: z.number(),
  read: z.number(),
});
export async function noticeExtras(request: Request, id: number, roleId: number) {
  const api = upstream(request);
  await settle(api.post(`daily/notices/${id}/read/`));
  if (roleId !== Role.principal && roleId !== Role.teacher) return null;
  const r = await settle(api.get(`daily/notices/${id}/reads/`, { schema: readsSchema }));
  return r.ok ? r.data : null;
}

// ---- class circle detail: comments and their moderation ----
export async function circleComments(request: Request, id: number) {
  const r = await settle(upstream(request).get(`daily/class_circle/${id}/comments/`, { schema: z.object({ list: z.array(commentSchema) }) }));
  return r.ok ? r.data.list : [];
}
export async function circleModerate(request: Request, postId: number) {
  const form = await request.clone().formData();
  const id = String(form.get("comment") ?? "");
  const verb = form.get("intent") === "deleteComment" ? "delete" : "hide";
  if (!/^\d{1,12}$/.test(id)) throw json({ reason: "notFound" }, { status: 404 });
  const r = await settle(
    verb === "delete"
      ? upstream(request).envelope("DELETE", `daily/class_circle/comments/${id}/`)
      : upstream(request).envelope("POST", `daily/class_circle/comments/${id}/hide/`),
  );
  return redirectWithToast(`/daily/classCircle/${postId}`, r.ok ? { type: "success", message: r.data.msg ?? "" } : { type: "error", message: r.error });
}

export { reportExport };
export const epidemicExport = (request: Request) => reportExport(request, epidemicRollupReport);

import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { vocabLabel } from "@contract/entities/admission-reports";
import { formatReportValue } from "@contract/report-view";
import { getLocale, getT } from "~/utils/i18n.server";
import { requireCsrf } from "~/utils/csrf.server";
import { guardAction, guardLoader } from "~/utils/page.server";
import { settle, upstream } from "~/utils/upstream.server";
import { todayCn } from "@contract/school-time";

const PAGE = "/admission/wx/introduction";
const introSchema = z.object({
  kindergarten: z.object({
    id: z.number(),
    name: z.string(),
    nameEn: z.string().nullable(),
    city: z.string().nullable(),
    area: z.string().nullable(),
    address: z.string().nullable(),
  }),
  introduced: z.boolean(),
  phone: z.string().nullable(),
  charges: z.array(z.object({ level: z.string(), item: z.string(), itemEn: z.string().nullable(), period: z.string(), amount: z.number() })),
  classes: z.array(z.object({ id: z.number(), name: z.string(), nameEn: z.string().nullable(), level: z.string(), free: z.number() })),
  requests: z.array(
    z.object({
      id: z.number(),
      appointmentId: z.number().nullable(),
      kidName: z.string(),
      stage: z.string(),
      date: z.string().nullable(),
      time: z.string().nullable(),
      status: z.string().nullable(),
    }),
  ),
});
const sentSchema = z.object({ customerId: z.number(), appointmentId: z.number() });

export interface IntroView {
  name: string;
  address: string;
  introduced: boolean;
  /** The phone verified at sign-in: the request's contact phone (not typed again). */
  phone: string | null;
  charges: { level: string; item: string; period: string; amount: string }[];
  classes: { id: number; name: string; level: string; free: number }[];
  requests: { id: number; appointmentId: number | null; kidName: string; stage: string; date: string | null; time: string | null; status: string }[];
  /** The request just sent (`?sent=<appointment id>`): the confirmation page shows it instead of the form. */
  sent: IntroView["requests"][number] | null;
}
export const FIELDS = ["kidName", "nickname", "nation", "contactName", "relationship", "classId", "bus", "date", "time", "remarks"] as const;

/**
 * /admission/wx/introduction (role 13): the kindergarten's introduction, its charging standard, classes with free
 * places, the applicant's own requests, and the request form (the API validates; its messages sit by the fields).
 * A 401 from the API sends role 13 back to the admission login (upstream.server.ts).
 */
export const introductionLoader = (args: LoaderFunctionArgs) =>
  guardLoader(args, async ({ request }) => {
    const [lang, t] = await Promise.all([getLocale(request), getT(request, ["admission"])]);
    const r = await settle(upstream(request).get("admission/wx/introduction/", { schema: introSchema }));
    if (!r.ok) return { data: null as IntroView | null, error: r.error as string | null, today: "" };
    const d = r.data;
    const en = lang === "en";
    const view: IntroView = {
      name: en && d.kindergarten.nameEn ? d.kindergarten.nameEn : d.kindergarten.name,
      address: [d.kindergarten.city, d.kindergarten.area, d.kindergarten.address].filter(Boolean).join(" "),
      introduced: d.introduced,
      phone: d.phone,
      charges: d.charges.map((c) => ({
        level: vocabLabel("level", c.level, lang),
        item: en && c.itemEn ? c.itemEn : c.item,
        period: vocabLabel("period", c.period, lang),
        amount: formatReportValue(c.amount, "money", lang),
      })),
      classes: d.classes.map((c) => ({ id: c.id, name: en && c.nameEn ? c.nameEn : c.name, level: vocabLabel("level", c.level, lang), free: c.free })),
      requests: d.requests.map((x) => ({
        ...x,
        stage: t(`admission:stages.${x.stage}`),
        status: x.status ? t(`admission:appointmentStatuses.${x.status}`) : "",
      })),
      sent: null,
    };
    const sentId = Number(new URL(request.url).searchParams.get("sent"));
    view.sent = view.requests.find((x) => x.appointmentId != null && x.appointmentId === sentId) ?? null;
    return {
      error: null,
      today: todayCn(),
      data: view,
    };
  });

export const introductionAction = (args: ActionFunctionArgs) =>
  guardAction(args, async ({ request }) => {
    await requireCsrf(request);
    const form = await request.formData();
    const values: Record<string, string> = {};
    for (const k of FIELDS) {
      const v = form.get(k);
      if (typeof v === "string" && v.trim() !== "") values[k] = v.trim();
    }
    const r = await settle(upstream(request).envelope("POST", "admission/wx/requests/", { form: values, schema: sentSchema }));
    // The confirmation is a page of its own (issue 26, item 10), not a toast.
    if (r.ok) return redirect(`${PAGE}?sent=${r.data.data.appointmentId}`);
    if (r.fieldErrors && Object.keys(r.fieldErrors).length) return json({ values, errors: r.fieldErrors }, { status: 400 });
    // Any other refusal (e.g. "contact the kindergarten") stays on the page beside the form.
    return json({ values, formError: r.error }, { status: 400 });
  });

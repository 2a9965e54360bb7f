import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import * as z from "zod";
import {
  answerSchema,
  dynamicFormSchema,
  FIELD_KINDS,
  imageFieldKeys,
  MAX_FIELDS,
  nextKey,
  orderedFields,
  type DynamicField,
  type DynamicFieldKind,
} from "@contract/dynamic-form";
import { fields as builders } from "@contract/resource";
import { answersReply, fillableForm, formTemplates } from "@contract/resources/form-templates";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import type { FieldConstraint } from "~/resources/types";
import { requireCsrf } from "~/utils/csrf.server";
import { forbidden, notFound, requirePage } from "~/utils/permissions.server";
import { pageLoader } from "~/utils/page";
import { guardAction, guardLoader } from "~/utils/page.server";
import { isMultipart, readUploadForm } from "~/utils/upload.server";
import { redirectWithToast } from "~/utils/toast.server";
import { failureToast, formErrorsOf, settle, toastUnlessFieldErrors, upstream, type FormFields } from "~/utils/upstream.server";

/**
 * Server side of the dynamic forms' pages (contract/dynamic-form.ts): what recipients fill (/daily/form) and the
 * template builder and answers (/daily/formTemplate/…) — here, so that the pages' browser bundles hold neither the
 * schemas nor zod.
 */

/** /daily/form — the form templates of the caller's kindergarten that she may fill. */
export const fillableFormsLoader = pageLoader(async ({ request }) => {
  const r = await settle(upstream(request).get("daily/forms/", { schema: z.object({ list: z.array(fillableForm) }) }));
  return { list: r.ok ? r.data.list : [], toast: r.ok ? null : failureToast(r) };
});

/** The native constraints of a form's fields, read off the answers' schema (the browser loads no zod). */
const constraintOf = (fields: readonly DynamicField[]) => getZodConstraint(answerSchema(fields)) as Record<string, FieldConstraint>;

/**
 * /daily/form/<id> — a recipient fills a form template: the form is derived from the template's description
 * (contract/dynamic-form.ts) and rendered by one component; the action validates with the same derived schema
 * (field messages, nothing saved on error — without JavaScript too) and then the API validates again and stores.
 * A form with image fields posts multipart/form-data: the action reads it as a stream (readUploadForm: the CSRF token
 * checked as it arrives, each chosen file sent straight to the API's `POST files/?kind=image`, which checks it by
 * content), the field takes the temporary file's id and the API claims the file when it stores the answers.
 */
async function templateOf(request: Request, splat: string | undefined) {
  const m = /^(\d{1,9})\/?$/.exec(splat ?? "");
  if (!m) throw notFound();
  const r = await settle(upstream(request).get(`daily/forms/${m[1]}/`, { schema: fillableForm }));
  if (!r.ok) throw r.code === 403 ? forbidden() : notFound();
  return r.data;
}

export const fillFormLoader = pageLoader(async ({ request, params }) => {
  const form = await templateOf(request, params["*"]);
  return { form, constraint: constraintOf(form.fields) };
});

/**
 * Not pageAction: its CSRF check reads a copy of the whole body, and a multipart post carries the images — the same
 * guards in the same order instead (the page's rule, then CSRF: streamed for multipart, read for plain forms).
 */
export async function fillFormAction({ request, params }: ActionFunctionArgs) {
  await requirePage(request);
  const streamed = isMultipart(request);
  if (!streamed) await requireCsrf(request);
  const tpl = await templateOf(request, params["*"]);
  const images = Object.fromEntries(imageFieldKeys(tpl.fields).map((k) => [k, "image" as const]));
  const { formData, uploadErrors } = streamed ? await readUploadForm(request, images) : { formData: await request.formData(), uploadErrors: {} };
  const submission = parseWithZod(formData, { schema: answerSchema(tpl.fields) });
  // A refused image (file format error, too large, upload image failed): the API's message by its field, nothing saved.
  const refused = Object.keys(uploadErrors).length ? { fieldErrors: uploadErrors as Record<string, string[]> } : undefined;
  if (submission.status !== "success" || refused) return json({ result: submission.reply(refused) }, { status: 400 });
  const keys = orderedFields(tpl.fields).map((f) => f.key);
  const form: FormFields = {};
  for (const k of keys) {
    const values = formData.getAll(k).filter((v): v is string => typeof v === "string" && v !== "");
    if (values.length) form[k] = values.length === 1 && tpl.fields.find((f) => f.key === k)?.kind !== "multiple" ? values[0]! : values;
  }
  const r = await settle(upstream(request).envelope("POST", `daily/forms/${tpl.id}/answers/`, { form }));
  if (!r.ok) {
    await toastUnlessFieldErrors(request, r, keys);
    return json({ result: submission.reply(formErrorsOf(r, keys)) }, { status: 400 });
  }
  return redirectWithToast("/daily/form", { type: "success", message: r.data.msg ?? "" });
}

/* /daily/formTemplate sub-pages: the builder (/new, /<id>/edit) and the answers (/<id>); the rest is the resource engine's. */

type View = { view: "builder"; id: number | null } | { view: "answers"; id: number } | { view: "other" };
function builderViewOf(splat: string | undefined): View {
  const s = (splat ?? "").replace(/\/$/, "");
  if (s === "new") return { view: "builder", id: null };
  const m = /^(\d{1,9})(?:\/(edit))?$/.exec(s);
  if (m) return m[2] ? { view: "builder", id: Number(m[1]) } : { view: "answers", id: Number(m[1]) };
  return { view: "other" };
}

/** A field of the draft: as typed, not yet valid (options as one text, "中文|English" per line). */
export interface DraftField {
  key: string;
  zh: string;
  en: string;
  kind: DynamicFieldKind;
  required: boolean;
  options: string;
}
export interface Draft {
  title: string;
  description: string;
  fields: DraftField[];
  roleIds: number[];
  classIds: number[];
}
export type ClassOption = { value: number; label: string };
const classOptions = z.object({ list: z.array(z.object({ value: z.coerce.number(), label: z.string() })) });

const toDraftField = (f: DynamicField): DraftField => ({
  key: f.key,
  zh: f.label.zh,
  en: f.label.en,
  kind: f.kind,
  required: f.required,
  options: (f.options ?? []).map((o) => (o.en && o.en !== o.zh ? `${o.zh}|${o.en}` : o.zh)).join("\n"),
});

const needsOptions = (k: DynamicFieldKind) => k === "single" || k === "multiple";

/** The draft as the description of contract/dynamic-form.ts (order = position). */
const toFields = (d: Draft): DynamicField[] =>
  d.fields.map((f, i) => ({
    key: f.key,
    label: { zh: f.zh.trim(), en: f.en.trim() },
    kind: f.kind,
    required: f.required,
    ...(needsOptions(f.kind)
      ? {
          options: f.options
            .split(/\r?\n/)
            .map((l) => l.trim())
            .filter(Boolean)
            .map((l) => {
              const [zh, en] = l.split("|").map((x) => x.trim());
              return { zh: zh!, en: en || zh! };
            }),
        }
      : {}),
    order: i,
  }));

function draftOf(fd: FormData): Draft {
  const s = (k: string) => (typeof fd.get(k) === "string" ? String(fd.get(k)) : "");
  const n = Math.min(Number(s("count")) || 0, MAX_FIELDS);
  const fields: DraftField[] = [];
  for (let i = 0; i < n; i++) {
    const kind = s(`f${i}.kind`) as DynamicFieldKind;
    fields.push({
      key: /^[a-z][a-z0-9_]{0,29}$/.test(s(`f${i}.key`)) ? s(`f${i}.key`) : nextKey(fields),
      zh: s(`f${i}.zh`),
      en: s(`f${i}.en`),
      kind: FIELD_KINDS.includes(kind) ? kind : "text",
      required: s(`f${i}.required`) === "on",
      options: s(`f${i}.options`),
    });
  }
  const ids = (k: string) =>
    fd
      .getAll(k)
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0);
  return { title: s("title"), description: s("description"), fields, roleIds: ids("recipientRoleIds"), classIds: ids("recipientClassIds") };
}

/** Applies a builder intent (add, remove:i, up:i, down:i) to the draft. */
function applyIntent(d: Draft, intent: string): Draft {
  const fields = [...d.fields];
  const [verb, raw] = intent.split(":");
  const i = Number(raw);
  if (verb === "add" && fields.length < MAX_FIELDS) fields.push({ key: nextKey(fields), zh: "", en: "", kind: "text", required: false, options: "" });
  else if (verb === "remove" && fields[i]) fields.splice(i, 1);
  else if (verb === "up" && i > 0 && fields[i]) [fields[i - 1], fields[i]] = [fields[i]!, fields[i - 1]!];
  else if (verb === "down" && fields[i + 1]) [fields[i], fields[i + 1]] = [fields[i + 1]!, fields[i]!];
  return { ...d, fields };
}

/** Validation of the draft with the shared schemas; messages are i18n keys, on builder input names. */
function validate(d: Draft): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (k: string, m: string) => (errors[k] ??= []).includes(m) || errors[k]!.push(m);
  const title = builders.text({ max: 50 }).safeParse(d.title);
  if (!title.success) add("title", title.error.issues[0]!.message);
  const description = builders.optionalText({ max: 200 }).safeParse(d.description || null);
  if (!description.success) add("description", description.error.issues[0]!.message);
  const r = dynamicFormSchema.safeParse(toFields(d));
  if (!r.success)
    for (const issue of r.error.issues) {
      const [i, part, sub] = issue.path;
      if (typeof i !== "number") add("fields", issue.message);
      else if (part === "label") add(`f${i}.${String(sub)}`, issue.message);
      else if (part === "options") add(`f${i}.options`, issue.message);
      else add(`f${i}.zh`, issue.message);
    }
  return errors;
}

export type Data = {
  title: string;
  /** The list page (`formTemplates.page`): the browser does not load the definition. */
  page: string;
  view: "builder" | "answers";
  id: number | null;
  draft?: Draft;
  classOptions?: ClassOption[];
  answers?: ReturnType<typeof answersReply.parse>;
};

export async function formTemplateLoader(args: LoaderFunctionArgs) {
  const v = builderViewOf(args.params["*"]);
  if (v.view === "other") return resourceSubLoader("formTemplates")(args);
  return guardLoader<Omit<Data, "title">>(args, async ({ request }) => {
    if (v.view === "answers") {
      const r = await settle(upstream(request).get(`${formTemplates.endpoint}${v.id}/answers/`, { schema: answersReply }));
      if (!r.ok) throw r.code === 403 ? forbidden() : notFound();
      return { view: "answers", page: formTemplates.page, id: v.id, answers: r.data };
    }
    const classes = await settle(upstream(request).get("lookups/classOptions/", { schema: classOptions }));
    const options = classes.ok ? classes.data.list : [];
    if (v.id == null)
      return {
        view: "builder",
        page: formTemplates.page,
        id: null,
        classOptions: options,
        draft: { title: "", description: "", fields: [], roleIds: [], classIds: [] },
      };
    const r = await settle(upstream(request).get(`${formTemplates.endpoint}${v.id}/`, { schema: formTemplates.item }));
    if (!r.ok) throw r.code === 403 ? forbidden() : notFound();
    const item = r.data;
    return {
      view: "builder",
      page: formTemplates.page,
      id: v.id,
      classOptions: options,
      draft: {
        title: item.title,
        description: item.description ?? "",
        fields: orderedFields(item.fields).map(toDraftField),
        roleIds: item.recipientRoleIds,
        classIds: item.recipientClassIds,
      },
    };
  });
}

export async function formTemplateAction(args: ActionFunctionArgs) {
  const v = builderViewOf(args.params["*"]);
  if (v.view !== "builder") return resourceSubAction("formTemplates")(args);
  return guardAction(args, async ({ request }) => {
    const fd = await request.formData();
    const intent = String(fd.get("intent") ?? "save");
    const draft = draftOf(fd);
    if (intent !== "save") return json({ draft: applyIntent(draft, intent), errors: {} as Record<string, string[]>, rev: Date.now() });
    const errors = validate(draft);
    if (Object.keys(errors).length) return json({ draft, errors, rev: Date.now() }, { status: 400 });
    const form = {
      title: draft.title,
      description: draft.description,
      fields: JSON.stringify(toFields(draft)),
      recipientRoleIds: draft.roleIds,
      recipientClassIds: draft.classIds,
    };
    const api = upstream(request);
    const r = await settle(
      v.id == null ? api.envelope("POST", formTemplates.endpoint, { form }) : api.envelope("PUT", `${formTemplates.endpoint}${v.id}/`, { form }),
    );
    if (!r.ok) {
      if (r.code === 403) throw forbidden();
      if (r.code === 404) throw notFound();
      await toastUnlessFieldErrors(request, r, ["title", "description", "fields", "recipientRoleIds", "recipientClassIds"]);
      return json({ draft, errors: r.fieldErrors ?? {}, rev: Date.now() }, { status: 400 });
    }
    return redirectWithToast(formTemplates.page, { type: "success", message: r.data.msg ?? "" });
  });
}

import * as z from "zod";
import { FLAGS, HIDE_FLAGS, optionalFunctionSchema, SHOW_FLAGS, type Flag } from "../optional-function";
import { defineResource, fields, type FormField } from "../resource";

const flagField = (f: Flag): FormField => ({
  name: f,
  label: `kgmgmt:optionalFunctions.flags.${f}`,
  kind: "boolean",
  help: `kgmgmt:optionalFunctions.help.${f}`,
});
const SETTINGS_BOOLEAN = ["isUploadOriginalImage", "isShowMonitoring", "isShowObservationAnalysis"] as const;
const SETTINGS_NUMBER = ["teachingRecordLimit", "classCirclePostLimit", "videoLengthSeconds", "assistantSessionCount"] as const;

/** Bounds of the number settings, read off optionalFunctionSchema (the one source of truth). */
function bounds(name: (typeof SETTINGS_NUMBER)[number]) {
  const s = optionalFunctionSchema.shape[name] as unknown as { minValue: number | null; maxValue: number | null };
  return { min: s.minValue ?? 0, max: s.maxValue ?? 10000 };
}

/**
 * The editor's form: optionalFunctionSchema as a form submits it (an unticked checkbox is absent =
 * false; numbers carry our messages). The API validates the parsed result again with optionalFunctionSchema.
 */
export const optionalFunctionForm = z.object({
  ...(Object.fromEntries([...FLAGS, ...SETTINGS_BOOLEAN].map((f) => [f, fields.boolean()])) as Record<
    Flag | (typeof SETTINGS_BOOLEAN)[number],
    ReturnType<typeof fields.boolean>
  >),
  ...(Object.fromEntries(SETTINGS_NUMBER.map((f) => [f, fields.integer({ ...bounds(f), message: "crud:validation.integer" })])) as Record<
    (typeof SETTINGS_NUMBER)[number],
    ReturnType<typeof fields.integer>
  >),
});

export const optionalFunctionItem = optionalFunctionSchema.extend({
  kindergartenId: z.number().int(),
  kindergartenName: z.string(),
});

/**
 * /kindergarten/optionalFunction: per-kindergarten editor of every flag and further setting
 * (`GET/PUT kindergartens/{id}/optional_function/`, api/resources/optional-functions.ts).
 */
export const optionalFunctions = defineResource({
  name: "optionalFunctions",
  title: "kgmgmt:optionalFunctions.title",
  one: "kgmgmt:optionalFunctions.one",
  endpoint: "kindergartens/optional_function/",
  page: "/kindergarten/optionalFunction",
  can: { create: [], delete: [] },
  item: optionalFunctionItem,
  form: optionalFunctionForm,
  labelField: "kindergartenName",
  columns: [],
  defaultSort: "id",
  formGroups: [
    { title: "kgmgmt:optionalFunctions.groups.show", fields: SHOW_FLAGS.map(flagField) },
    { title: "kgmgmt:optionalFunctions.groups.hide", fields: HIDE_FLAGS.map(flagField) },
    {
      title: "kgmgmt:optionalFunctions.groups.settings",
      fields: [
        ...SETTINGS_BOOLEAN.map((f): FormField => ({
          name: f,
          label: `kgmgmt:optionalFunctions.settings.${f}`,
          kind: "boolean",
          help: `kgmgmt:optionalFunctions.help.${f}`,
        })),
        ...SETTINGS_NUMBER.map((f): FormField => ({
          name: f,
          label: `kgmgmt:optionalFunctions.settings.${f}`,
          kind: "integer",
          help: `kgmgmt:optionalFunctions.help.${f}`,
        })),
      ],
    },
  ],
  bulkDelete: false,
});

import * as z from "zod";
import { defineResource, fields } from "../resource";
import { MAX_SLOTS, SLOT_RE, splitTimes, TIME_RE } from "../daily/time";
import { MEALS, MOODS } from "../daily/nursery-vocab";

export { MEALS, MOODS } from "../daily/nursery-vocab";

const slotList = (re: RegExp, message: string) =>
  z
    .string()
    .trim()
    .max(200, "crud:validation.tooLong#max=200")
    .refine((s) => splitTimes(s).every((t) => re.test(t)), message)
    .refine((s) => splitTimes(s).length <= MAX_SLOTS, `daily:nursery.errors.maxSlots#max=${MAX_SLOTS}`)
    .nullish();
/** Toilet times "09:10, 11:30" and sleep slots "12:30-14:30": at most 8 each (section 9). */
export const toiletTimes = slotList(TIME_RE, "daily:nursery.errors.time");
export const sleepSlots = slotList(SLOT_RE, "daily:nursery.errors.slot");

/**
 * /daily/nursery (roles 1,3,5; show:isShowNursery): one record per child per day — mood, meals, hydration (ml),
 * toilet times and sleep slots (up to 8 of each), health notes. The list is per day and class; the day sheet
 * (`/daily/nursery/sheet`) fills a whole class at once; the week view (`/daily/nursery/week`) shows one child's week.
 */
export const nurseryRecords = defineResource({
  name: "nurseryRecords",
  title: "daily:nursery.title",
  one: "daily:nursery.one",
  endpoint: "daily/nursery/",
  page: "/daily/nursery",
  item: z.object({
    id: z.number().int(),
    kindergartenId: z.number().int(),
    studentId: z.number().int(),
    studentName: z.string(),
    classId: z.number().int().nullable(),
    className: z.string().nullable(),
    date: z.string(),
    mood: z.enum(MOODS).nullable(),
    meals: z.enum(MEALS).nullable(),
    hydrationMl: z.number().int().nullable(),
    toiletTimes: z.string(),
    sleepSlots: z.string(),
    healthNote: z.string().nullable(),
    recorderName: z.string().nullable(),
  }),
  form: z.object({
    studentId: fields.ref(),
    date: fields.date(),
    mood: fields.choice(MOODS).nullish(),
    meals: fields.choice(MEALS).nullish(),
    hydrationMl: fields.optionalInteger({ min: 0, max: 3000 }),
    toiletTimes,
    sleepSlots,
    healthNote: fields.optionalText({ max: 500 }),
  }),
  labelField: "studentName",
  columns: [
    { field: "date", label: "daily:common.date", sortable: true, format: "date", link: true },
    { field: "studentName", label: "daily:common.student", sortable: true },
    { field: "className", label: "daily:common.class" },
    { field: "mood", label: "daily:nursery.fields.mood", format: "enum", enumPrefix: "daily:nursery.moods" },
    { field: "meals", label: "daily:nursery.fields.meals", format: "enum", enumPrefix: "daily:nursery.meals" },
    { field: "hydrationMl", label: "daily:nursery.fields.hydrationMl", format: "number", align: "right" },
    { field: "toiletTimes", label: "daily:nursery.fields.toiletTimes" },
    { field: "sleepSlots", label: "daily:nursery.fields.sleepSlots" },
    { field: "healthNote", label: "daily:nursery.fields.healthNote" },
  ],
  filters: [
    { field: "date", label: "daily:common.date", kind: "dateRange" },
    { field: "classId", label: "daily:common.class", kind: "select", options: { lookup: "classOptions" } },
    { field: "studentId", label: "daily:common.student", kind: "select", options: { lookup: "studentOptions" } },
  ],
  search: ["studentName", "healthNote"],
  defaultSort: "-date",
  formGroups: [
    {
      fields: [
        { name: "studentId", label: "daily:common.student", kind: "select", options: { lookup: "studentOptions" } },
        { name: "date", label: "daily:common.date", kind: "date" },
        {
          name: "mood",
          label: "daily:nursery.fields.mood",
          kind: "select",
          options: { static: MOODS.map((v) => ({ value: v, label: `daily:nursery.moods.${v}` })) },
        },
        {
          name: "meals",
          label: "daily:nursery.fields.meals",
          kind: "select",
          options: { static: MEALS.map((v) => ({ value: v, label: `daily:nursery.meals.${v}` })) },
        },
        { name: "hydrationMl", label: "daily:nursery.fields.hydrationMl", kind: "integer" },
        { name: "toiletTimes", label: "daily:nursery.fields.toiletTimes", kind: "text", help: "daily:nursery.help.toiletTimes" },
        { name: "sleepSlots", label: "daily:nursery.fields.sleepSlots", kind: "text", help: "daily:nursery.help.sleepSlots" },
        { name: "healthNote", label: "daily:nursery.fields.healthNote", kind: "textarea", wide: true },
      ],
    },
  ],
  exportColumns: [
    { field: "date", label: "daily:common.date", format: "date" },
    { field: "studentName", label: "daily:common.student" },
    { field: "className", label: "daily:common.class" },
    { field: "mood", label: "daily:nursery.fields.mood", format: "enum", enumPrefix: "daily:nursery.moods" },
    { field: "meals", label: "daily:nursery.fields.meals", format: "enum", enumPrefix: "daily:nursery.meals" },
    { field: "hydrationMl", label: "daily:nursery.fields.hydrationMl", format: "number" },
    { field: "toiletTimes", label: "daily:nursery.fields.toiletTimes" },
    { field: "sleepSlots", label: "daily:nursery.fields.sleepSlots" },
    { field: "healthNote", label: "daily:nursery.fields.healthNote" },
  ],
  detail: true,
});

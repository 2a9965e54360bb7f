import * as z from "zod";
import { Role } from "../roles";
import type { StatesDef } from "../actions";
import { defineResource, fields, type FormField, type Refusal } from "../resource";
import { registerPageVerbs } from "../route-tree";
import { MAX_IMAGES } from "../files";

/**
 * The Teaching section (issue 12; docs/sections/teaching.md). Every page is a resource of the engine:
 *   /teaching/anecdoteFile   observations      draft → submitted → toEvaluate → evaluated (expert 2 evaluates)
 *   /teaching/activity       courseRecords     the same workflow
 *   /teaching/teaching-plan  lessonPlans       PDF, draft → published, same education group only
 *   /teaching/predesign      presetPlans       a library (kindergarten admin / super admin); copied into lesson plans
 *   /teaching/TeachingRecord teachingRecords   photos (up to 9) + MP4 within the kindergarten's limits
 *   /teaching/StudentWorks   studentWorks      photos (up to 9) + MP4 per child
 *   /teaching/homeworks      homeworks         per class with a due date; parents' submissions per child
 *   /teaching/trainingMaterials trainingMaterials PDF / MP4 for staff, per group or kindergarten
 */
const T = (k: string) => `teaching:${k}`;

/** The photos of a record (observations, course records, teaching records, student works): up to MAX_IMAGES. */
const IMAGES_FIELD: FormField = {
  name: "imageFileIds",
  label: T("fields.images"),
  kind: "images",
  max: MAX_IMAGES,
  accept: "image/jpeg,image/png",
  help: "crud:files.imagesHelp",
  wide: true,
};

export const EVAL_STATES = ["draft", "submitted", "toEvaluate", "evaluated"] as const;
export type EvalState = (typeof EVAL_STATES)[number];
export const GRADES = ["excellent", "good", "fair", "improve"] as const;
export const gradeOptions = GRADES.map((g) => ({ value: g, label: T(`grades.${g}`) }));

const evalStates: StatesDef = {
  field: "status",
  list: [
    { name: "draft", label: { zh: "草稿", en: "Draft" }, tone: "muted" },
    { name: "submitted", label: { zh: "已提交·未评价", en: "Submitted, unevaluated" }, tone: "info" },
    { name: "toEvaluate", label: { zh: "待评价", en: "To be evaluated" }, tone: "warning" },
    { name: "evaluated", label: { zh: "已评价", en: "Evaluated" }, tone: "success" },
  ],
};

const WRITERS = [Role.principal, Role.teacher, Role.subjectTeacher] as const;
const TEACHERS: readonly number[] = [Role.teacher, Role.subjectTeacher];

/**
 * Changing and deleting: only drafts, and a teacher only her own (409, as the API's write hooks answer: the role may
 * write the resource, this row not now). In the row rule too, so lists and detail pages do not offer what the API
 * would refuse.
 */
const draftWriteRefusal = (verb: string, row: Record<string, unknown>, actor: { userId: number; roleId: number }, authorField: string): Refusal | null => {
  if (verb !== "change" && verb !== "delete") return null;
  if (row.status !== "draft") return { status: 409, key: T("errors.notDraft") };
  if (TEACHERS.includes(actor.roleId) && Number(row[authorField]) !== actor.userId) return { status: 409, key: T("errors.notAuthor") };
  return null;
};

/** Record actions of a record: a teacher submits and sends only her own; changing and deleting as above. */
const authoredDraftRule =
  (authorField: string) =>
  (verb: string, row: Record<string, unknown>, actor: { userId: number; roleId: number }): Refusal | null => {
    const own = Number(row[authorField]) === actor.userId;
    if ((verb === "submit" || verb === "requestEvaluation") && TEACHERS.includes(actor.roleId) && !own) return { status: 403, key: T("errors.notAuthor") };
    return draftWriteRefusal(verb, row, actor, authorField);
  };

const evalItem = z.object({
  id: z.number().int(),
  kindergartenId: z.number().int(),
  classId: z.number().int(),
  className: z.string().nullable(),
  studentId: z.number().int().nullable(),
  studentName: z.string().nullable(),
  teacherId: z.number().int(),
  teacherName: z.string().nullable(),
  title: z.string(),
  content: z.string().nullable(),
  happenedOn: z.string(),
  /** The record's photos in order (file ids; migration 016 moved the former single photo here). */
  imageFileIds: z.array(z.number().int()),
  status: z.enum(EVAL_STATES),
  grade: z.string().nullable(),
  evaluation: z.string().nullable(),
  expertId: z.number().int().nullable(),
  expertName: z.string().nullable(),
  submittedAt: z.string().nullable(),
  evaluatedAt: z.string().nullable(),
  createdAt: z.string(),
});

const evalForm = z.object({
  title: fields.text({ max: 60, message: T("errors.titleRequired") }),
  classId: fields.ref(),
  studentId: fields.optionalRef(),
  happenedOn: fields.date(),
  content: fields.text({ max: 5000, message: T("errors.contentRequired") }),
  imageFileIds: fields.images({ max: MAX_IMAGES }),
});

/** Observations and course records share their shape and their evaluation workflow. */
function evaluatedRecords(o: { name: "observations" | "courseRecords"; page: string; endpoint: string; withStudent: boolean }) {
  const L = (k: string) => T(`${o.name}.${k}`);
  const F = (k: string) => T(`fields.${k}`);
  return defineResource({
    name: o.name,
    title: L("title"),
    one: L("one"),
    endpoint: o.endpoint,
    page: o.page,
    can: { create: WRITERS, change: WRITERS, delete: WRITERS },
    rowRule: authoredDraftRule("teacherId"),
    states: evalStates,
    actions: {
      submit: {
        label: { zh: "提交", en: "Submit" },
        from: ["draft"],
        to: "submitted",
        roles: WRITERS,
        confirm: true,
        where: ["row", "detail"],
        tone: "primary",
      },
      requestEvaluation: {
        label: { zh: "提交专家评价", en: "Send for evaluation" },
        from: ["submitted"],
        to: "toEvaluate",
        roles: WRITERS,
        confirm: true,
        where: ["row", "detail"],
        tone: "primary",
      },
      evaluate: {
        label: { zh: "评价", en: "Evaluate" },
        from: ["toEvaluate"],
        to: "evaluated",
        roles: [Role.expert],
        confirm: true,
        comment: "required",
        where: ["detail"],
        tone: "primary",
      },
    },
    item: evalItem,
    form: evalForm,
    labelField: "title",
    columns: [
      { field: "title", label: F("title"), sortable: true, link: true },
      { field: "className", label: F("class") },
      ...(o.withStudent ? [{ field: "studentName", label: F("student") }] : []),
      { field: "teacherName", label: F("teacher") },
      { field: "happenedOn", label: F("happenedOn"), sortable: true, format: "date" as const },
      { field: "imageFileIds", label: F("images"), format: "images" as const },
      { field: "status", label: F("status"), sortable: true, format: "enum" as const, enumPrefix: T("states") },
      { field: "grade", label: F("grade"), format: "enum" as const, enumPrefix: T("grades") },
    ],
    filters: [
      { field: "status", label: F("status"), kind: "select", options: { static: EVAL_STATES.map((s) => ({ value: s, label: T(`states.${s}`) })) } },
      { field: "classId", label: F("class"), kind: "select", options: { lookup: "classOptions" } },
      { field: "happenedOn", label: F("happenedOn"), kind: "dateRange" },
    ],
    search: ["title", "content"],
    defaultSort: "-happenedOn",
    formGroups: [
      {
        fields: [
          { name: "title", label: F("title"), kind: "text", wide: true },
          { name: "classId", label: F("class"), kind: "select", options: { lookup: "classOptions" } },
          ...(o.withStudent
            ? [{ name: "studentId", label: F("student"), kind: "select" as const, options: { lookup: "studentOptions" }, help: T("help.student") }]
            : []),
          { name: "happenedOn", label: F("happenedOn"), kind: "date" },
          { name: "content", label: F("content"), kind: "textarea" },
          IMAGES_FIELD,
        ],
      },
    ],
    exportColumns: [
      { field: "id", label: "resources:common.id" },
      { field: "title", label: F("title") },
      { field: "className", label: F("class") },
      { field: "studentName", label: F("student") },
      { field: "teacherName", label: F("teacher") },
      { field: "happenedOn", label: F("happenedOn"), format: "date" },
      { field: "imageFileIds", label: F("images"), format: "images" },
      { field: "status", label: F("status"), format: "enum", enumPrefix: T("states") },
      { field: "grade", label: F("grade"), format: "enum", enumPrefix: T("grades") },
      { field: "expertName", label: F("expert") },
      { field: "evaluation", label: F("evaluation") },
      { field: "evaluatedAt", label: F("evaluatedAt"), format: "datetime" },
    ],
    detail: [
      {
        fields: [
          { field: "title", label: F("title") },
          { field: "className", label: F("class") },
          { field: "studentName", label: F("student") },
          { field: "teacherName", label: F("teacher") },
          { field: "happenedOn", label: F("happenedOn"), format: "date" },
          { field: "content", label: F("content") },
          { field: "imageFileIds", label: F("images"), format: "images" },
          { field: "status", label: F("status"), format: "enum", enumPrefix: T("states") },
        ],
      },
      {
        title: T("groups.evaluation"),
        fields: [
          { field: "expertName", label: F("expert") },
          { field: "grade", label: F("grade"), format: "enum", enumPrefix: T("grades") },
          { field: "evaluation", label: F("evaluation") },
          { field: "evaluatedAt", label: F("evaluatedAt"), format: "datetime" },
        ],
      },
    ],
  });
}

export const observations = evaluatedRecords({ name: "observations", page: "/teaching/anecdoteFile", endpoint: "teaching/observations/", withStudent: true });
export const courseRecords = evaluatedRecords({ name: "courseRecords", page: "/teaching/activity", endpoint: "teaching/course_records/", withStudent: false });

/** The evaluation form of /evaluate/evaluate{1,2}/:id (role 2): a grade and a comment. */
export const evaluationForm = z.object({
  grade: fields.choice(GRADES, T("errors.gradeRequired")),
  comment: fields.text({ max: 500, message: T("errors.commentRequired") }),
});

// ---------------------------------------------------------------------------------------------
// Lesson plans and preset lesson plans
// ---------------------------------------------------------------------------------------------
export const PLAN_STATES = ["draft", "published"] as const;
const planStates: StatesDef = {
  field: "status",
  list: [
    { name: "draft", label: { zh: "草稿", en: "Draft" }, tone: "muted" },
    { name: "published", label: { zh: "已发布", en: "Published" }, tone: "success" },
  ],
};
const PLAN_WRITERS = [Role.principal, Role.teacher, Role.kindergartenAdmin, Role.subjectTeacher] as const;

export const lessonPlans = defineResource({
  name: "lessonPlans",
  title: T("lessonPlans.title"),
  one: T("lessonPlans.one"),
  endpoint: "teaching/lesson_plans/",
  page: "/teaching/teaching-plan",
  can: { create: PLAN_WRITERS, change: PLAN_WRITERS, delete: PLAN_WRITERS },
  rowRule: (verb, row, actor) =>
    verb === "publish" && TEACHERS.includes(actor.roleId) && Number(row.authorId) !== actor.userId
      ? { status: 403, key: T("errors.notAuthor") }
      : draftWriteRefusal(verb, row, actor, "authorId"),
  states: planStates,
  actions: {
    publish: {
      label: { zh: "发布", en: "Publish" },
      from: ["draft"],
      to: "published",
      roles: PLAN_WRITERS,
      confirm: true,
      where: ["row", "detail"],
      tone: "primary",
    },
  },
  item: z.object({
    id: z.number().int(),
    kindergartenId: z.number().int(),
    educationGroupId: z.number().int(),
    classId: z.number().int().nullable(),
    className: z.string().nullable(),
    authorId: z.number().int(),
    authorName: z.string().nullable(),
    title: z.string(),
    summary: z.string().nullable(),
    weekOf: z.string().nullable(),
    pdfFileId: z.number().int().nullable(),
    presetId: z.number().int().nullable(),
    status: z.enum(PLAN_STATES),
    createdAt: z.string(),
  }),
  form: z.object({
    title: fields.text({ max: 60, message: T("errors.titleRequired") }),
    classId: fields.optionalRef(),
    weekOf: fields.optionalDate(),
    summary: fields.optionalText({ max: 2000 }),
    pdfFileId: fields.optionalRef(),
    presetId: fields.optionalRef(),
  }),
  labelField: "title",
  columns: [
    { field: "title", label: T("fields.title"), sortable: true, link: true },
    { field: "className", label: T("fields.class"), empty: T("fields.allClasses") },
    { field: "authorName", label: T("fields.author") },
    { field: "weekOf", label: T("fields.weekOf"), sortable: true, format: "date" },
    { field: "status", label: T("fields.status"), sortable: true, format: "enum", enumPrefix: T("planStates") },
    { field: "createdAt", label: "resources:common.createdAt", sortable: true, format: "datetime" },
  ],
  filters: [
    { field: "status", label: T("fields.status"), kind: "select", options: { static: PLAN_STATES.map((s) => ({ value: s, label: T(`planStates.${s}`) })) } },
    { field: "classId", label: T("fields.class"), kind: "select", options: { lookup: "classOptions" } },
  ],
  search: ["title", "summary"],
  defaultSort: "-createdAt",
  formGroups: [
    {
      fields: [
        { name: "title", label: T("fields.title"), kind: "text", wide: true },
        { name: "classId", label: T("fields.class"), kind: "select", options: { lookup: "classOptions" } },
        { name: "weekOf", label: T("fields.weekOf"), kind: "date" },
        { name: "summary", label: T("fields.summary"), kind: "textarea" },
        { name: "pdfFileId", label: T("fields.pdf"), kind: "file", fileKind: "pdf", accept: "application/pdf", help: T("help.pdf") },
        { name: "presetId", label: T("fields.preset"), kind: "select", options: { lookup: "presetPlans" }, help: T("help.preset"), createOnly: true },
      ],
    },
  ],
  exportColumns: [
    { field: "id", label: "resources:common.id" },
    { field: "title", label: T("fields.title") },
    { field: "className", label: T("fields.class"), empty: T("fields.allClasses") },
    { field: "authorName", label: T("fields.author") },
    { field: "weekOf", label: T("fields.weekOf"), format: "date" },
    { field: "status", label: T("fields.status"), format: "enum", enumPrefix: T("planStates") },
  ],
  detail: true,
});

export const presetPlans = defineResource({
  name: "presetPlans",
  title: T("presetPlans.title"),
  one: T("presetPlans.one"),
  endpoint: "teaching/preset_plans/",
  page: "/teaching/predesign",
  // Platform presets (no kindergarten) are the super admin's; a kindergarten admin keeps her kindergarten's.
  rowRule: (verb, row, actor) =>
    row.kindergartenId == null && actor.roleId !== Role.superAdmin && verb !== "view" ? { status: 403, key: T("errors.platformPreset") } : null,
  item: z.object({
    id: z.number().int(),
    kindergartenId: z.number().int().nullable(),
    kindergartenName: z.string().nullable(),
    title: z.string(),
    level: z.string().nullable(),
    summary: z.string().nullable(),
    pdfFileId: z.number().int().nullable(),
    createdAt: z.string(),
  }),
  form: z.object({
    title: fields.text({ max: 60, message: T("errors.titleRequired") }),
    level: fields.choice(["pre", "junior", "middle", "senior"]).nullish(),
    summary: fields.optionalText({ max: 2000 }),
    pdfFileId: fields.ref(T("errors.pdfRequired")),
    kindergartenId: fields.optionalRef(),
  }),
  labelField: "title",
  columns: [
    { field: "title", label: T("fields.title"), sortable: true, link: true },
    { field: "level", label: T("fields.level"), format: "enum", enumPrefix: "resources:classes.levels" },
    { field: "kindergartenName", label: T("fields.kindergarten") },
    { field: "createdAt", label: "resources:common.createdAt", sortable: true, format: "datetime" },
  ],
  search: ["title", "summary"],
  defaultSort: "-createdAt",
  formGroups: [
    {
      fields: [
        { name: "title", label: T("fields.title"), kind: "text", wide: true },
        {
          name: "level",
          label: T("fields.level"),
          kind: "select",
          options: { static: ["pre", "junior", "middle", "senior"].map((v) => ({ value: v, label: `resources:classes.levels.${v}` })) },
        },
        { name: "summary", label: T("fields.summary"), kind: "textarea" },
        { name: "pdfFileId", label: T("fields.pdf"), kind: "file", fileKind: "pdf", accept: "application/pdf", help: T("help.pdf") },
        {
          name: "kindergartenId",
          label: T("fields.kindergarten"),
          kind: "select",
          options: { lookup: "kindergartens" },
          roles: [Role.superAdmin],
          help: T("help.platformPreset"),
        },
      ],
    },
  ],
  detail: true,
});

// ---------------------------------------------------------------------------------------------
// Teaching records and student works: photos and an MP4 within the kindergarten's limits
// ---------------------------------------------------------------------------------------------
const MEDIA_WRITERS = [Role.principal, Role.teacher, Role.kindergartenAdmin, Role.subjectTeacher] as const;
function mediaRecords(o: { name: "teachingRecords" | "studentWorks"; page: string; endpoint: string; studentRequired: boolean }) {
  const L = (k: string) => T(`${o.name}.${k}`);
  const F = (k: string) => T(`fields.${k}`);
  return defineResource({
    name: o.name,
    title: L("title"),
    one: L("one"),
    endpoint: o.endpoint,
    page: o.page,
    can: { create: MEDIA_WRITERS, change: MEDIA_WRITERS, delete: MEDIA_WRITERS },
    item: z.object({
      id: z.number().int(),
      kindergartenId: z.number().int(),
      classId: z.number().int(),
      className: z.string().nullable(),
      studentId: z.number().int().nullable(),
      studentName: z.string().nullable(),
      authorId: z.number().int(),
      authorName: z.string().nullable(),
      title: z.string(),
      content: z.string().nullable(),
      recordedOn: z.string(),
      imageFileIds: z.array(z.number().int()),
      videoFileId: z.number().int().nullable(),
      createdAt: z.string(),
    }),
    form: z.object({
      title: fields.text({ max: 60, message: T("errors.titleRequired") }),
      classId: fields.ref(),
      studentId: o.studentRequired ? fields.ref() : fields.optionalRef(),
      recordedOn: fields.date(),
      content: fields.optionalText({ max: 2000 }),
      imageFileIds: fields.images({ max: MAX_IMAGES }),
      videoFileId: fields.optionalRef(),
    }),
    labelField: "title",
    columns: [
      { field: "title", label: F("title"), sortable: true, link: true },
      { field: "className", label: F("class") },
      { field: "studentName", label: F("student") },
      { field: "recordedOn", label: F("recordedOn"), sortable: true, format: "date" },
      { field: "imageFileIds", label: F("images"), format: "images" },
      { field: "authorName", label: F("author") },
    ],
    filters: [
      { field: "classId", label: F("class"), kind: "select", options: { lookup: "classOptions" } },
      { field: "studentId", label: F("student"), kind: "select", options: { lookup: "studentOptions" } },
      { field: "recordedOn", label: F("recordedOn"), kind: "dateRange" },
    ],
    search: ["title", "content"],
    defaultSort: "-recordedOn",
    formGroups: [
      {
        fields: [
          { name: "title", label: F("title"), kind: "text", wide: true },
          { name: "classId", label: F("class"), kind: "select", options: { lookup: "classOptions" } },
          { name: "studentId", label: F("student"), kind: "select", options: { lookup: "studentOptions" } },
          { name: "recordedOn", label: F("recordedOn"), kind: "date" },
          { name: "content", label: F("content"), kind: "textarea" },
          IMAGES_FIELD,
          { name: "videoFileId", label: F("video"), kind: "file", fileKind: "video", accept: "video/mp4", help: T("help.video") },
        ],
      },
    ],
    exportColumns: [
      { field: "id", label: "resources:common.id" },
      { field: "title", label: F("title") },
      { field: "className", label: F("class") },
      { field: "studentName", label: F("student") },
      { field: "recordedOn", label: F("recordedOn"), format: "date" },
      { field: "imageFileIds", label: F("images"), format: "images" },
      { field: "authorName", label: F("author") },
    ],
    detail: true,
  });
}

export const teachingRecords = mediaRecords({
  name: "teachingRecords",
  page: "/teaching/TeachingRecord",
  endpoint: "teaching/teaching_records/",
  studentRequired: false,
});
export const studentWorks = mediaRecords({ name: "studentWorks", page: "/teaching/StudentWorks", endpoint: "teaching/student_works/", studentRequired: true });

// ---------------------------------------------------------------------------------------------
// Homework and off-campus activities; training materials
// ---------------------------------------------------------------------------------------------
export const HOMEWORK_KINDS = ["homework", "offCampus"] as const;

export const homeworks = defineResource({
  name: "homeworks",
  title: T("homeworks.title"),
  one: T("homeworks.one"),
  endpoint: "teaching/homeworks/",
  page: "/teaching/homeworks",
  item: z.object({
    id: z.number().int(),
    kindergartenId: z.number().int(),
    classId: z.number().int(),
    className: z.string().nullable(),
    authorId: z.number().int(),
    authorName: z.string().nullable(),
    kind: z.enum(HOMEWORK_KINDS),
    title: z.string(),
    content: z.string().nullable(),
    dueOn: z.string(),
    done: z.number().int(),
    total: z.number().int(),
    createdAt: z.string(),
  }),
  form: z.object({
    title: fields.text({ max: 60, message: T("errors.titleRequired") }),
    kind: fields.choice(HOMEWORK_KINDS),
    classId: fields.ref(),
    dueOn: fields.date(),
    content: fields.optionalText({ max: 2000 }),
  }),
  labelField: "title",
  columns: [
    { field: "title", label: T("fields.title"), sortable: true, link: true },
    { field: "kind", label: T("fields.kind"), format: "enum", enumPrefix: T("homeworkKinds") },
    { field: "className", label: T("fields.class") },
    { field: "dueOn", label: T("fields.dueOn"), sortable: true, format: "date" },
    { field: "done", label: T("fields.done"), format: "number", align: "right" },
    { field: "total", label: T("fields.total"), format: "number", align: "right" },
    { field: "authorName", label: T("fields.author") },
  ],
  filters: [
    { field: "kind", label: T("fields.kind"), kind: "select", options: { static: HOMEWORK_KINDS.map((k) => ({ value: k, label: T(`homeworkKinds.${k}`) })) } },
    { field: "classId", label: T("fields.class"), kind: "select", options: { lookup: "classOptions" } },
  ],
  search: ["title", "content"],
  defaultSort: "-dueOn",
  formGroups: [
    {
      fields: [
        { name: "title", label: T("fields.title"), kind: "text", wide: true },
        {
          name: "kind",
          label: T("fields.kind"),
          kind: "select",
          options: { static: HOMEWORK_KINDS.map((k) => ({ value: k, label: T(`homeworkKinds.${k}`) })) },
        },
        { name: "classId", label: T("fields.class"), kind: "select", options: { lookup: "classOptions" } },
        { name: "dueOn", label: T("fields.dueOn"), kind: "date" },
        { name: "content", label: T("fields.content"), kind: "textarea" },
      ],
    },
  ],
  createDefaults: { kind: "homework" },
  detail: true,
});

/** /teaching/homeworks/<id>/submissions: every child of the class, done or not, with the parent's text and image. */
registerPageVerbs("/teaching/homeworks", ["submissions"]);

/** A parent's submission (the parents' app posts it: role 4, his own child in the homework's class). */
export const homeworkSubmissionForm = z.object({
  studentId: fields.ref(),
  content: fields.optionalText({ max: 2000 }),
  imageFileIds: fields.images({ max: MAX_IMAGES }),
});

export const MATERIAL_REACH = ["kindergarten", "group"] as const;

export const trainingMaterials = defineResource({
  name: "trainingMaterials",
  title: T("trainingMaterials.title"),
  one: T("trainingMaterials.one"),
  endpoint: "teaching/training_materials/",
  page: "/teaching/trainingMaterials",
  can: { create: [Role.principal, Role.kindergartenAdmin], change: [Role.principal, Role.kindergartenAdmin], delete: [Role.principal, Role.kindergartenAdmin] },
  item: z.object({
    id: z.number().int(),
    kindergartenId: z.number().int(),
    kindergartenName: z.string().nullable(),
    reach: z.enum(MATERIAL_REACH),
    /** A copy of another kindergarten's group-wide material (read-only here): the original's id. */
    sourceId: z.number().int().nullable(),
    title: z.string(),
    description: z.string().nullable(),
    pdfFileId: z.number().int().nullable(),
    videoFileId: z.number().int().nullable(),
    createdAt: z.string(),
  }),
  form: z.object({
    title: fields.text({ max: 60, message: T("errors.titleRequired") }),
    reach: fields.choice(MATERIAL_REACH),
    description: fields.optionalText({ max: 2000 }),
    pdfFileId: fields.optionalRef(),
    videoFileId: fields.optionalRef(),
  }),
  labelField: "title",
  columns: [
    { field: "title", label: T("fields.title"), sortable: true, link: true },
    { field: "reach", label: T("fields.reach"), format: "enum", enumPrefix: T("reach") },
    { field: "kindergartenName", label: T("fields.kindergarten") },
    { field: "createdAt", label: "resources:common.createdAt", sortable: true, format: "datetime" },
  ],
  filters: [
    { field: "reach", label: T("fields.reach"), kind: "select", options: { static: MATERIAL_REACH.map((k) => ({ value: k, label: T(`reach.${k}`) })) } },
  ],
  search: ["title", "description"],
  defaultSort: "-createdAt",
  formGroups: [
    {
      fields: [
        { name: "title", label: T("fields.title"), kind: "text", wide: true },
        { name: "reach", label: T("fields.reach"), kind: "select", options: { static: MATERIAL_REACH.map((k) => ({ value: k, label: T(`reach.${k}`) })) } },
        { name: "description", label: T("fields.description"), kind: "textarea" },
        { name: "pdfFileId", label: T("fields.pdf"), kind: "file", fileKind: "pdf", accept: "application/pdf", help: T("help.pdf") },
        { name: "videoFileId", label: T("fields.video"), kind: "file", fileKind: "video", accept: "video/mp4", help: T("help.video") },
      ],
    },
  ],
  createDefaults: { reach: "kindergarten" },
  detail: true,
});

import * as z from "zod";
import { CLASS_LEVELS } from "../entities/vocab";
import { Role } from "../roles";
import { registerPageVerbs } from "../route-tree";
import { defineResource, fields } from "../resource";

/**
 * Assessment (routes.md /assessment/*, role 6): the platform-wide framework categories → objectives → checklist
 * items with scores, per class level and assessment time (section 9); used in /student/studentAssessments (1,2,3).
 */
export const ASSESSMENT_TIMES = ["beginning", "middle", "end"] as const;
export type AssessmentTime = (typeof ASSESSMENT_TIMES)[number];
const opts = (prefix: string, values: readonly string[]) => values.map((v) => ({ value: v, label: `${prefix}.${v}` }));
const levelOptions = opts("assessment:levels", CLASS_LEVELS);
const timeOptions = opts("assessment:times", ASSESSMENT_TIMES);

export const assessmentCategories = defineResource({
  name: "assessmentCategories",
  title: "assessment:categories.title",
  one: "assessment:categories.one",
  endpoint: "assessment/categories/",
  page: "/assessment/categories",
  item: z.object({ id: z.number().int(), name: z.string(), nameEn: z.string().nullable(), sort: z.number().int(), objectiveCount: z.number().int() }),
  form: z.object({ name: fields.text({ max: 30 }), nameEn: fields.optionalText({ max: 60 }), sort: fields.integer({ min: 0, max: 999 }).default(0) }),
  labelField: "name",
  columns: [
    { field: "name", label: "assessment:fields.name", sortable: true, link: true },
    { field: "nameEn", label: "assessment:fields.nameEn" },
    { field: "sort", label: "assessment:fields.sort", format: "number", sortable: true },
    { field: "objectiveCount", label: "assessment:categories.objectiveCount", format: "number" },
  ],
  search: ["name", "nameEn"],
  defaultSort: "sort",
  formGroups: [
    {
      fields: [
        { name: "name", label: "assessment:fields.name", kind: "text" },
        { name: "nameEn", label: "assessment:fields.nameEn", kind: "text" },
        { name: "sort", label: "assessment:fields.sort", kind: "integer" },
      ],
    },
  ],
  exportColumns: [
    { field: "name", label: "assessment:fields.name" },
    { field: "nameEn", label: "assessment:fields.nameEn" },
    { field: "sort", label: "assessment:fields.sort", format: "number" },
  ],
  importColumns: [
    { field: "name", label: "assessment:fields.name", example: "健康" },
    { field: "nameEn", label: "assessment:fields.nameEn", example: "Health" },
    { field: "sort", label: "assessment:fields.sort", example: "1" },
  ],
});

export const assessmentObjectives = defineResource({
  name: "assessmentObjectives",
  title: "assessment:objectives.title",
  one: "assessment:objectives.one",
  endpoint: "assessment/objectives/",
  page: "/assessment/objectives",
  item: z.object({
    id: z.number().int(),
    categoryId: z.number().int(),
    categoryName: z.string(),
    name: z.string(),
    nameEn: z.string().nullable(),
    level: z.enum(CLASS_LEVELS),
    itemCount: z.number().int(),
  }),
  form: z.object({
    categoryId: fields.ref(),
    name: fields.text({ max: 60 }),
    nameEn: fields.optionalText({ max: 120 }),
    level: fields.choice(CLASS_LEVELS),
  }),
  labelField: "name",
  columns: [
    { field: "name", label: "assessment:fields.name", sortable: true, link: true },
    { field: "nameEn", label: "assessment:fields.nameEn" },
    { field: "categoryName", label: "assessment:fields.category", sortable: true },
    { field: "level", label: "assessment:fields.level", format: "enum", enumPrefix: "assessment:levels", sortable: true },
    { field: "itemCount", label: "assessment:objectives.itemCount", format: "number" },
  ],
  filters: [
    { field: "categoryId", label: "assessment:fields.category", kind: "select", options: { lookup: "assessmentCategories" } },
    { field: "level", label: "assessment:fields.level", kind: "select", options: { static: levelOptions } },
  ],
  search: ["name", "nameEn"],
  defaultSort: "name",
  formGroups: [
    {
      fields: [
        { name: "categoryId", label: "assessment:fields.category", kind: "select", options: { lookup: "assessmentCategories" } },
        { name: "name", label: "assessment:fields.name", kind: "text" },
        { name: "nameEn", label: "assessment:fields.nameEn", kind: "text" },
        { name: "level", label: "assessment:fields.level", kind: "select", options: { static: levelOptions } },
      ],
    },
  ],
  exportColumns: [
    { field: "categoryName", label: "assessment:fields.category" },
    { field: "name", label: "assessment:fields.name" },
    { field: "nameEn", label: "assessment:fields.nameEn" },
    { field: "level", label: "assessment:fields.level", format: "enum", enumPrefix: "assessment:levels" },
  ],
});

export const assessmentChecklists = defineResource({
  name: "assessmentChecklists",
  title: "assessment:checklists.title",
  one: "assessment:checklists.one",
  endpoint: "assessment/checklists/",
  page: "/assessment/checklists",
  item: z.object({
    id: z.number().int(),
    objectiveId: z.number().int(),
    objectiveName: z.string(),
    categoryName: z.string(),
    level: z.enum(CLASS_LEVELS),
    time: z.enum(ASSESSMENT_TIMES),
    content: z.string(),
    contentEn: z.string().nullable(),
    maxScore: z.number().int(),
  }),
  form: z.object({
    objectiveId: fields.ref(),
    time: fields.choice(ASSESSMENT_TIMES),
    content: fields.text({ max: 200 }),
    contentEn: fields.optionalText({ max: 300 }),
    maxScore: fields.integer({ min: 1, max: 100 }),
  }),
  labelField: "content",
  columns: [
    { field: "content", label: "assessment:checklists.content", link: true },
    { field: "objectiveName", label: "assessment:fields.objective", sortable: true },
    { field: "categoryName", label: "assessment:fields.category" },
    { field: "level", label: "assessment:fields.level", format: "enum", enumPrefix: "assessment:levels", sortable: true },
    { field: "time", label: "assessment:fields.time", format: "enum", enumPrefix: "assessment:times", sortable: true },
    { field: "maxScore", label: "assessment:checklists.maxScore", format: "number", align: "right" },
  ],
  filters: [
    { field: "level", label: "assessment:fields.level", kind: "select", options: { static: levelOptions } },
    { field: "time", label: "assessment:fields.time", kind: "select", options: { static: timeOptions } },
    { field: "objectiveId", label: "assessment:fields.objective", kind: "select", options: { lookup: "assessmentObjectives" } },
  ],
  search: ["content", "contentEn"],
  defaultSort: "objectiveName",
  formGroups: [
    {
      fields: [
        { name: "objectiveId", label: "assessment:fields.objective", kind: "select", options: { lookup: "assessmentObjectives" } },
        { name: "time", label: "assessment:fields.time", kind: "select", options: { static: timeOptions } },
        { name: "content", label: "assessment:checklists.content", kind: "textarea" },
        { name: "contentEn", label: "assessment:checklists.contentEn", kind: "textarea" },
        { name: "maxScore", label: "assessment:checklists.maxScore", kind: "integer" },
      ],
    },
  ],
  exportColumns: [
    { field: "categoryName", label: "assessment:fields.category" },
    { field: "objectiveName", label: "assessment:fields.objective" },
    { field: "level", label: "assessment:fields.level", format: "enum", enumPrefix: "assessment:levels" },
    { field: "time", label: "assessment:fields.time", format: "enum", enumPrefix: "assessment:times" },
    { field: "content", label: "assessment:checklists.content" },
    { field: "maxScore", label: "assessment:checklists.maxScore", format: "number" },
  ],
});

/** /student/studentAssessments (1,2,3): one assessment = one child at one time of one school year; the teacher scores it. */
export const studentAssessments = defineResource({
  name: "studentAssessments",
  title: "assessment:students.title",
  one: "assessment:students.one",
  endpoint: "student/assessments/",
  page: "/student/studentAssessments",
  can: { create: [Role.teacher], change: [Role.teacher], delete: [Role.teacher] },
  item: z.object({
    id: z.number().int(),
    studentId: z.number().int(),
    studentName: z.string(),
    classId: z.number().int().nullable(),
    className: z.string().nullable(),
    level: z.enum(CLASS_LEVELS),
    schoolYear: z.string(),
    time: z.enum(ASSESSMENT_TIMES),
    totalScore: z.number().int(),
    maxScore: z.number().int(),
    scored: z.number().int(),
    itemCount: z.number().int(),
    assessorName: z.string().nullable(),
    remark: z.string().nullable(),
    /** The kindergarten (named kgId: a row's reach is its child's, studentFilter — a teacher's classes only). */
    kgId: z.number().int(),
  }),
  form: z.object({
    studentId: fields.ref(),
    schoolYear: z.string({ error: "crud:validation.required" }).regex(/^\d{4}-\d{4}$/, "assessment:errors.schoolYear"),
    time: fields.choice(ASSESSMENT_TIMES),
    remark: fields.optionalText({ max: 300 }),
  }),
  labelField: "studentName",
  columns: [
    { field: "studentName", label: "assessment:students.student", sortable: true, link: true },
    { field: "className", label: "assessment:students.class" },
    { field: "level", label: "assessment:fields.level", format: "enum", enumPrefix: "assessment:levels" },
    { field: "schoolYear", label: "assessment:students.schoolYear", sortable: true },
    { field: "time", label: "assessment:fields.time", format: "enum", enumPrefix: "assessment:times", sortable: true },
    { field: "totalScore", label: "assessment:students.totalScore", format: "number", align: "right", sortable: true },
    { field: "maxScore", label: "assessment:students.maxScore", format: "number", align: "right" },
    { field: "scored", label: "assessment:students.scored", format: "number", align: "right" },
    { field: "assessorName", label: "assessment:students.assessor" },
  ],
  filters: [
    { field: "classId", label: "assessment:students.class", kind: "select", options: { lookup: "classOptions" } },
    { field: "time", label: "assessment:fields.time", kind: "select", options: { static: timeOptions } },
    { field: "studentId", label: "assessment:students.student", kind: "select", options: { lookup: "studentOptions" } },
  ],
  search: ["studentName"],
  defaultSort: "studentName",
  createDefaults: { schoolYear: "2025-2026", time: "middle" },
  formGroups: [
    {
      fields: [
        { name: "studentId", label: "assessment:students.student", kind: "select", options: { lookup: "studentOptions" } },
        { name: "schoolYear", label: "assessment:students.schoolYear", kind: "text", placeholder: "2025-2026" },
        { name: "time", label: "assessment:fields.time", kind: "select", options: { static: timeOptions } },
        { name: "remark", label: "assessment:students.remark", kind: "textarea" },
      ],
    },
  ],
  exportColumns: [
    { field: "studentName", label: "assessment:students.student" },
    { field: "className", label: "assessment:students.class" },
    { field: "schoolYear", label: "assessment:students.schoolYear" },
    { field: "time", label: "assessment:fields.time", format: "enum", enumPrefix: "assessment:times" },
    { field: "totalScore", label: "assessment:students.totalScore", format: "number" },
    { field: "maxScore", label: "assessment:students.maxScore", format: "number" },
  ],
});
/** /student/studentAssessments/<id>/score: the teacher's scoring sheet; /<id>/progress is the detail with charts. */
registerPageVerbs("/student/studentAssessments", ["score"], ["summary"]);

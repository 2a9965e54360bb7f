import * as z from "zod";
import { Role } from "../roles";
import { defineResource, fields, type Actor, type Refusal } from "../resource";
import { GENDERS, STUDENT_STATUSES } from "../entities/vocab";

/** Identity documents (decision: the documents a kindergarten in China registers children with). */
export const ID_TYPES = ["id_card", "passport", "hk_macao", "taiwan", "foreign_permanent", "other"] as const;
export type IdType = (typeof ID_TYPES)[number];

/** Roles that manage student files (create, change, delete, status changes). */
export const STUDENT_ADMINS = [Role.kindergartenAdmin, Role.superAdmin, Role.groupAdmin] as const;

const genderOptions = GENDERS.map((g) => ({ value: g, label: `usermgmt:users.genders.${g}` }));
const idTypeOptions = ID_TYPES.map((v) => ({ value: v, label: `students:idTypes.${v}` }));
const statusOptions = STUDENT_STATUSES.map((v) => ({ value: v, label: `students:statuses.${v}` }));
const initialStatusOptions = (["preparatory", "at_school"] as const).map((v) => ({ value: v, label: `students:statuses.${v}` }));

/** An 18-character resident ID card number (id_card): 17 digits, then a digit or X. */
export const ID_CARD_RE = /^\d{17}[\dXx]$/;
/** Any other document's number: 5 to 30 letters, digits or '-' (an ID card number is one too). */
export const ID_NUMBER_RE = /^[A-Za-z0-9-]{5,30}$/;

/** The conditional rules of studentRules, as the API document says them (one sentence a field). */
const parentText = (p: "father" | "mother") => `Required when ${p}Name is given.`;
const RULE_TEXT = {
  photoFileId: "Required: the file id of the student's photo (an uploaded image, or the current photo), unless photoPending is on.",
  parentName: "At least one of fatherName and motherName is required; a parent named also needs that parent's Company, Position and Email.",
  idType: "Required when idNumber is given.",
  idNumber: `Required when idType is given; with idType id_card the 18-character resident ID number (${ID_CARD_RE.source}), else 5 to 30 letters, digits or '-'.`,
};

const optionalPhone = z
  .string()
  .trim()
  .regex(/^1\d{10}$/, "crud:validation.phone")
  .nullish();

const base = {
  // Identity
  name: fields.text({ max: 30, message: "students:errors.nameRequired" }),
  englishName: fields.optionalText({ max: 60 }),
  gender: fields.choice(GENDERS).nullish(),
  birthday: fields.optionalDate(),
  /** Section 5: cannot be empty. */
  nationality: fields.text({ max: 30, message: "students:errors.nationalityRequired" }),
  idType: fields.choice(ID_TYPES).nullish().meta({ description: RULE_TEXT.idType }),
  idNumber: fields.optionalText({ max: 30 }).meta({ description: RULE_TEXT.idNumber, pattern: ID_NUMBER_RE.source }),
  /** Section 5: cannot be empty (a temporary upload or the current photo); imports set photoPending instead. */
  photoFileId: fields.optionalRef().meta({ description: RULE_TEXT.photoFileId }),
  /** Only imports send it (importDefaults): the photo follows on the student's form. */
  photoPending: fields.boolean(),
  homeLanguage: fields.optionalText({ max: 30 }),
  otherLanguages: fields.optionalText({ max: 60 }),
  // Class
  kindergartenId: fields.optionalRef(),
  classId: fields.optionalRef(),
  enrolledOn: fields.optionalDate(),
  // Health
  healthHistory: fields.optionalText({ max: 500 }),
  allergies: fields.optionalText({ max: 200 }),
  medicalNotes: fields.optionalText({ max: 500 }),
  // Emergency contacts
  emergency1Name: fields.optionalText({ max: 30 }),
  emergency1Relationship: fields.optionalText({ max: 20 }),
  emergency1Phone: optionalPhone,
  emergency2Name: fields.optionalText({ max: 30 }),
  emergency2Relationship: fields.optionalText({ max: 20 }),
  emergency2Phone: optionalPhone,
  // Insurance
  insuranceCompany: fields.optionalText({ max: 60 }),
  insurancePolicyNo: fields.optionalText({ max: 40 }),
  insuranceExpires: fields.optionalDate(),
  // Bus and consent
  busRequested: fields.boolean(),
  busStation: fields.optionalText({ max: 40 }),
  photoConsent: fields.boolean(),
  // Parents
  fatherName: fields.optionalText({ max: 30 }).meta({ description: RULE_TEXT.parentName }),
  fatherPhone: optionalPhone,
  fatherCompany: fields.optionalText({ max: 60 }).meta({ description: parentText("father") }),
  fatherPosition: fields.optionalText({ max: 40 }).meta({ description: parentText("father") }),
  fatherEmail: fields.email().meta({ description: parentText("father") }),
  motherName: fields.optionalText({ max: 30 }).meta({ description: RULE_TEXT.parentName }),
  motherPhone: optionalPhone,
  motherCompany: fields.optionalText({ max: 60 }).meta({ description: parentText("mother") }),
  motherPosition: fields.optionalText({ max: 40 }).meta({ description: parentText("mother") }),
  motherEmail: fields.email().meta({ description: parentText("mother") }),
  homeAddress: fields.optionalText({ max: 200 }),
  remark: fields.optionalText({ max: 500 }),
};

type FormValues = z.infer<z.ZodObject<typeof base>>;

/**
 * Section 5's "cannot be empty" rules on a student: nationality (schema), photo (unless an import marks it pending),
 * parent names (at least one parent), and for every parent named: company, position and email. An ID number goes
 * with its type (an 18-character resident ID card number for id_card).
 */
function studentRules(v: FormValues, ctx: z.RefinementCtx) {
  const need = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  if (v.photoFileId == null && !v.photoPending) need("photoFileId", "students:errors.photoRequired");
  if (!v.fatherName && !v.motherName) {
    need("fatherName", "students:errors.parentNameRequired");
    need("motherName", "students:errors.parentNameRequired");
  }
  for (const p of ["father", "mother"] as const) {
    if (!v[`${p}Name`]) continue;
    if (!v[`${p}Company`]) need(`${p}Company`, "students:errors.companyRequired");
    if (!v[`${p}Position`]) need(`${p}Position`, "students:errors.positionRequired");
    if (!v[`${p}Email`]) need(`${p}Email`, "students:errors.emailRequired");
  }
  if (v.idType && !v.idNumber) need("idNumber", "students:errors.idNumberRequired");
  if (v.idNumber && !v.idType) need("idType", "students:errors.idTypeRequired");
  if (v.idType === "id_card" && v.idNumber && !ID_CARD_RE.test(v.idNumber)) need("idNumber", "students:errors.idCardFormat");
  if (v.idType && v.idType !== "id_card" && v.idNumber && !ID_NUMBER_RE.test(v.idNumber)) need("idNumber", "students:errors.idNumberFormat");
}

/** The rules run even when another field already failed, so the form shows every missing field at once. */
const allRules = z.superRefine((v: FormValues, ctx) => studentRules((v ?? {}) as FormValues, ctx), { when: () => true });

/** A student file is deleted only while preparatory (a mistaken entry); enrolled children leave through the status actions. */
export function studentRowRule(verb: string, row: Record<string, unknown>, _actor: Actor): Refusal | null {
  if (verb === "delete" && row.status !== "preparatory") return { status: 409, key: "students:errors.deleteOnlyPreparatory" };
  return null;
}

const label = (zh: string, en: string) => ({ zh, en });

/**
 * /student/studentFile: the student files, each role within its reach (api/tenancy studentFilter: a parent his
 * children, a teacher her classes, a doctor her bound students, a bus teacher the riders of her buses).
 * The status vocabulary of section 4 moves only through the record actions below (the transition table of
 * docs/sections/students.md); each move is kept in the student's history.
 */
export const students = defineResource({
  name: "students",
  title: "students:files.title",
  one: "students:files.one",
  endpoint: "students/",
  page: "/student/studentFile",
  can: { create: STUDENT_ADMINS, change: STUDENT_ADMINS, delete: STUDENT_ADMINS },
  states: {
    field: "status",
    list: [
      { name: "preparatory", label: label("预备", "Preparatory"), tone: "info" },
      { name: "at_school", label: label("在园", "At school"), tone: "success" },
      { name: "suspended", label: label("休学", "Suspended"), tone: "warning" },
      { name: "graduated", label: label("毕业", "Graduated"), tone: "muted" },
      { name: "quit_refunded", label: label("退园（已退费）", "Quit, refunded"), tone: "danger" },
      { name: "quit_unrefunded", label: label("退园（未退费）", "Quit, not refunded"), tone: "danger" },
    ],
  },
  actions: {
    enrol: {
      label: label("入园", "Enrol"),
      from: ["preparatory"],
      to: "at_school",
      roles: STUDENT_ADMINS,
      confirm: true,
      comment: "optional",
      where: ["row", "detail"],
      tone: "primary",
    },
    suspend: {
      label: label("休学", "Suspend"),
      from: ["at_school"],
      to: "suspended",
      roles: STUDENT_ADMINS,
      confirm: true,
      comment: "required",
      where: ["detail"],
    },
    resume: {
      label: label("复学", "Resume"),
      from: ["suspended"],
      to: "at_school",
      roles: STUDENT_ADMINS,
      confirm: true,
      comment: "optional",
      where: ["detail"],
      tone: "primary",
    },
    graduate: {
      label: label("毕业", "Graduate"),
      from: ["at_school"],
      to: "graduated",
      roles: STUDENT_ADMINS,
      confirm: true,
      comment: "optional",
      where: ["detail"],
    },
    quitRefunded: {
      label: label("退园并退费", "Quit with refund"),
      from: ["preparatory", "at_school", "suspended"],
      to: "quit_refunded",
      roles: [Role.kindergartenAdmin, Role.superAdmin, Role.groupAdmin, Role.finance],
      confirm: true,
      comment: "required",
      where: ["detail"],
      tone: "danger",
    },
    quitUnrefunded: {
      label: label("退园不退费", "Quit without refund"),
      from: ["preparatory", "at_school", "suspended"],
      to: "quit_unrefunded",
      roles: STUDENT_ADMINS,
      confirm: true,
      comment: "required",
      where: ["detail"],
      tone: "danger",
    },
    refund: {
      label: label("补办退费", "Record refund"),
      from: ["quit_unrefunded"],
      to: "quit_refunded",
      roles: [Role.kindergartenAdmin, Role.superAdmin, Role.groupAdmin, Role.finance],
      confirm: true,
      comment: "required",
      where: ["detail"],
    },
    readmit: {
      label: label("重新入园", "Readmit"),
      from: ["quit_refunded", "quit_unrefunded"],
      to: "preparatory",
      roles: STUDENT_ADMINS,
      confirm: true,
      comment: "required",
      where: ["detail"],
    },
  },
  item: z.object({
    id: z.number().int(),
    name: z.string(),
    englishName: z.string().nullable(),
    gender: z.enum(GENDERS).nullable(),
    birthday: z.string().nullable(),
    nationality: z.string().nullable(),
    idType: z.string().nullable(),
    idNumber: z.string().nullable(),
    photoFileId: z.number().int().nullable(),
    photoMissing: z.string(),
    homeLanguage: z.string().nullable(),
    otherLanguages: z.string().nullable(),
    kindergartenId: z.number().int(),
    kindergartenName: z.string(),
    classId: z.number().int().nullable(),
    className: z.string().nullable(),
    status: z.enum(STUDENT_STATUSES),
    enrolledOn: z.string().nullable(),
    healthHistory: z.string().nullable(),
    allergies: z.string().nullable(),
    allergyFlag: z.string(),
    medicalNotes: z.string().nullable(),
    emergency1Name: z.string().nullable(),
    emergency1Relationship: z.string().nullable(),
    emergency1Phone: z.string().nullable(),
    emergency2Name: z.string().nullable(),
    emergency2Relationship: z.string().nullable(),
    emergency2Phone: z.string().nullable(),
    insuranceCompany: z.string().nullable(),
    insurancePolicyNo: z.string().nullable(),
    insuranceExpires: z.string().nullable(),
    busRequested: z.boolean(),
    busName: z.string().nullable(),
    busStation: z.string().nullable(),
    photoConsent: z.boolean(),
    fatherName: z.string().nullable(),
    fatherPhone: z.string().nullable(),
    fatherCompany: z.string().nullable(),
    fatherPosition: z.string().nullable(),
    fatherEmail: z.string().nullable(),
    motherName: z.string().nullable(),
    motherPhone: z.string().nullable(),
    motherCompany: z.string().nullable(),
    motherPosition: z.string().nullable(),
    motherEmail: z.string().nullable(),
    homeAddress: z.string().nullable(),
    remark: z.string().nullable(),
    createdAt: z.string(),
  }),
  form: z.object({ ...base, status: fields.choice(["preparatory", "at_school"]) }).check(allRules),
  changeForm: z.object(base).check(allRules),
  labelField: "name",
  rowRule: studentRowRule,
  columns: [
    { field: "photoFileId", label: "students:fields.photo", format: "image" },
    { field: "name", label: "students:fields.name", sortable: true, link: true },
    { field: "allergyFlag", label: "students:fields.allergyFlag", format: "enum", enumPrefix: "students:allergyFlags", tones: { yes: "danger" } },
    { field: "allergies", label: "students:fields.allergies" },
    { field: "gender", label: "students:fields.gender", format: "enum", enumPrefix: "usermgmt:users.genders" },
    { field: "birthday", label: "students:fields.birthday", sortable: true, format: "date" },
    { field: "className", label: "students:fields.class", sortable: true },
    { field: "kindergartenName", label: "resources:common.kindergarten", sortable: true, roles: [Role.superAdmin, Role.groupAdmin] },
    { field: "status", label: "students:fields.status", sortable: true, format: "enum", enumPrefix: "students:statuses" },
    { field: "photoMissing", label: "students:fields.photoMissing", format: "enum", enumPrefix: "students:photoMissing", tones: { yes: "warning" } },
  ],
  filters: [
    {
      field: "kindergartenId",
      label: "resources:common.kindergarten",
      kind: "select",
      options: { lookup: "kindergartens" },
      roles: [Role.superAdmin, Role.groupAdmin],
    },
    { field: "classId", label: "students:fields.class", kind: "select", options: { lookup: "classOptions" } },
    { field: "status", label: "students:fields.status", kind: "select", options: { static: statusOptions } },
  ],
  search: ["name", "englishName", "fatherName", "motherName"],
  // Enrolment order (the id); name and class sort on demand.
  defaultSort: "id",
  pageSizes: [20, 50, 100],
  formGroups: [
    {
      title: "students:groups.identity",
      fields: [
        { name: "name", label: "students:fields.name", kind: "text" },
        { name: "englishName", label: "students:fields.englishName", kind: "text" },
        { name: "gender", label: "students:fields.gender", kind: "select", options: { static: genderOptions } },
        { name: "birthday", label: "students:fields.birthday", kind: "date" },
        { name: "nationality", label: "students:fields.nationality", kind: "text", placeholder: "students:placeholders.nationality" },
        { name: "idType", label: "students:fields.idType", kind: "select", options: { static: idTypeOptions } },
        { name: "idNumber", label: "students:fields.idNumber", kind: "text" },
        { name: "photoFileId", label: "students:fields.photo", kind: "image", accept: "image/jpeg,image/png", help: "students:help.photo" },
        { name: "homeLanguage", label: "students:fields.homeLanguage", kind: "text" },
        { name: "otherLanguages", label: "students:fields.otherLanguages", kind: "text" },
      ],
    },
    {
      title: "students:groups.class",
      fields: [
        {
          name: "kindergartenId",
          label: "resources:common.kindergarten",
          kind: "select",
          options: { lookup: "kindergartens" },
          roles: [Role.superAdmin, Role.groupAdmin],
        },
        {
          name: "classId",
          label: "students:fields.class",
          kind: "select",
          options: { lookup: "classOptions", dependsOn: { field: "kindergartenId", param: "kindergartenId" } },
        },
        {
          name: "status",
          label: "students:fields.status",
          kind: "select",
          options: { static: initialStatusOptions },
          createOnly: true,
          help: "students:help.status",
        },
        { name: "enrolledOn", label: "students:fields.enrolledOn", kind: "date" },
      ],
    },
    {
      title: "students:groups.health",
      fields: [
        { name: "allergies", label: "students:fields.allergies", kind: "text", help: "students:help.allergies", wide: true },
        { name: "healthHistory", label: "students:fields.healthHistory", kind: "textarea", wide: true },
        { name: "medicalNotes", label: "students:fields.medicalNotes", kind: "textarea", wide: true },
      ],
    },
    {
      title: "students:groups.emergency",
      fields: [
        { name: "emergency1Name", label: "students:fields.emergency1Name", kind: "text" },
        { name: "emergency1Relationship", label: "students:fields.emergency1Relationship", kind: "text" },
        { name: "emergency1Phone", label: "students:fields.emergency1Phone", kind: "phone" },
        { name: "emergency2Name", label: "students:fields.emergency2Name", kind: "text" },
        { name: "emergency2Relationship", label: "students:fields.emergency2Relationship", kind: "text" },
        { name: "emergency2Phone", label: "students:fields.emergency2Phone", kind: "phone" },
      ],
    },
    {
      title: "students:groups.insurance",
      fields: [
        { name: "insuranceCompany", label: "students:fields.insuranceCompany", kind: "text" },
        { name: "insurancePolicyNo", label: "students:fields.insurancePolicyNo", kind: "text" },
        { name: "insuranceExpires", label: "students:fields.insuranceExpires", kind: "date" },
      ],
    },
    {
      title: "students:groups.busConsent",
      fields: [
        { name: "busRequested", label: "students:fields.busRequested", kind: "boolean" },
        { name: "busStation", label: "students:fields.busStation", kind: "text", help: "students:help.busStation" },
        { name: "photoConsent", label: "students:fields.photoConsent", kind: "boolean", help: "students:help.photoConsent" },
      ],
    },
    {
      title: "students:groups.parents",
      fields: [
        { name: "fatherName", label: "students:fields.fatherName", kind: "text" },
        { name: "fatherPhone", label: "students:fields.fatherPhone", kind: "phone" },
        { name: "fatherCompany", label: "students:fields.fatherCompany", kind: "text" },
        { name: "fatherPosition", label: "students:fields.fatherPosition", kind: "text" },
        { name: "fatherEmail", label: "students:fields.fatherEmail", kind: "email" },
        { name: "motherName", label: "students:fields.motherName", kind: "text" },
        { name: "motherPhone", label: "students:fields.motherPhone", kind: "phone" },
        { name: "motherCompany", label: "students:fields.motherCompany", kind: "text" },
        { name: "motherPosition", label: "students:fields.motherPosition", kind: "text" },
        { name: "motherEmail", label: "students:fields.motherEmail", kind: "email" },
        { name: "homeAddress", label: "students:fields.homeAddress", kind: "text", wide: true },
        { name: "remark", label: "students:fields.remark", kind: "textarea", wide: true },
      ],
    },
  ],
  createDefaults: { status: "at_school" },
  importDefaults: { status: "at_school", photoPending: "on" },
  importColumns: [
    { field: "name", label: "students:fields.name", example: "李小朵" },
    { field: "englishName", label: "students:fields.englishName", example: "Duo Li" },
    { field: "gender", label: "students:fields.genderCode", example: "female" },
    { field: "birthday", label: "students:fields.birthday", example: "2021-05-06" },
    { field: "nationality", label: "students:fields.nationality", example: "中国" },
    { field: "idType", label: "students:fields.idTypeCode", example: "id_card" },
    { field: "idNumber", label: "students:fields.idNumber", example: "110101202105060023" },
    { field: "classId", label: "students:fields.classId", example: "" },
    { field: "status", label: "students:fields.statusCode", example: "at_school" },
    { field: "allergies", label: "students:fields.allergies", example: "" },
    { field: "fatherName", label: "students:fields.fatherName", example: "李强" },
    { field: "fatherPhone", label: "students:fields.fatherPhone", example: "13900000011" },
    { field: "fatherCompany", label: "students:fields.fatherCompany", example: "阳光科技" },
    { field: "fatherPosition", label: "students:fields.fatherPosition", example: "工程师" },
    { field: "fatherEmail", label: "students:fields.fatherEmail", example: "li.qiang@example.com" },
    { field: "motherName", label: "students:fields.motherName", example: "" },
    { field: "motherPhone", label: "students:fields.motherPhone", example: "" },
    { field: "motherCompany", label: "students:fields.motherCompany", example: "" },
    { field: "motherPosition", label: "students:fields.motherPosition", example: "" },
    { field: "motherEmail", label: "students:fields.motherEmail", example: "" },
  ],
  exportColumns: [
    { field: "id", label: "resources:common.id" },
    { field: "name", label: "students:fields.name" },
    { field: "englishName", label: "students:fields.englishName" },
    { field: "gender", label: "students:fields.gender", format: "enum", enumPrefix: "usermgmt:users.genders" },
    { field: "birthday", label: "students:fields.birthday" },
    { field: "nationality", label: "students:fields.nationality" },
    { field: "idType", label: "students:fields.idType", format: "enum", enumPrefix: "students:idTypes" },
    { field: "idNumber", label: "students:fields.idNumber" },
    { field: "kindergartenName", label: "resources:common.kindergarten" },
    { field: "className", label: "students:fields.class" },
    { field: "status", label: "students:fields.status", format: "enum", enumPrefix: "students:statuses" },
    { field: "allergies", label: "students:fields.allergies" },
    { field: "fatherName", label: "students:fields.fatherName" },
    { field: "fatherPhone", label: "students:fields.fatherPhone" },
    { field: "motherName", label: "students:fields.motherName" },
    { field: "motherPhone", label: "students:fields.motherPhone" },
    { field: "busStation", label: "students:fields.busStation" },
    { field: "photoConsent", label: "students:fields.photoConsent", format: "boolean" },
  ],
  detail: [
    {
      title: "students:groups.identity",
      fields: [
        { field: "photoFileId", label: "students:fields.photo", format: "image" },
        { field: "name", label: "students:fields.name" },
        { field: "allergies", label: "students:fields.allergies" },
        { field: "englishName", label: "students:fields.englishName" },
        { field: "gender", label: "students:fields.gender", format: "enum", enumPrefix: "usermgmt:users.genders" },
        { field: "birthday", label: "students:fields.birthday", format: "date" },
        { field: "nationality", label: "students:fields.nationality" },
        { field: "idType", label: "students:fields.idType", format: "enum", enumPrefix: "students:idTypes" },
        { field: "idNumber", label: "students:fields.idNumber" },
        { field: "homeLanguage", label: "students:fields.homeLanguage" },
        { field: "otherLanguages", label: "students:fields.otherLanguages" },
      ],
    },
    {
      title: "students:groups.class",
      fields: [
        { field: "kindergartenName", label: "resources:common.kindergarten" },
        { field: "className", label: "students:fields.class" },
        { field: "status", label: "students:fields.status", format: "enum", enumPrefix: "students:statuses" },
        { field: "enrolledOn", label: "students:fields.enrolledOn", format: "date" },
      ],
    },
    {
      title: "students:groups.health",
      fields: [
        { field: "allergyFlag", label: "students:fields.allergyFlag", format: "enum", enumPrefix: "students:allergyFlags" },
        { field: "healthHistory", label: "students:fields.healthHistory" },
        { field: "medicalNotes", label: "students:fields.medicalNotes" },
      ],
    },
    {
      title: "students:groups.emergency",
      fields: [
        { field: "emergency1Name", label: "students:fields.emergency1Name" },
        { field: "emergency1Relationship", label: "students:fields.emergency1Relationship" },
        { field: "emergency1Phone", label: "students:fields.emergency1Phone" },
        { field: "emergency2Name", label: "students:fields.emergency2Name" },
        { field: "emergency2Relationship", label: "students:fields.emergency2Relationship" },
        { field: "emergency2Phone", label: "students:fields.emergency2Phone" },
      ],
    },
    {
      title: "students:groups.insurance",
      fields: [
        { field: "insuranceCompany", label: "students:fields.insuranceCompany" },
        { field: "insurancePolicyNo", label: "students:fields.insurancePolicyNo" },
        { field: "insuranceExpires", label: "students:fields.insuranceExpires", format: "date" },
      ],
    },
    {
      title: "students:groups.busConsent",
      fields: [
        { field: "busRequested", label: "students:fields.busRequested", format: "boolean" },
        { field: "busName", label: "students:fields.bus" },
        { field: "busStation", label: "students:fields.busStation" },
        { field: "photoConsent", label: "students:fields.photoConsent", format: "boolean" },
      ],
    },
    {
      title: "students:groups.parents",
      fields: [
        { field: "fatherName", label: "students:fields.fatherName" },
        { field: "fatherPhone", label: "students:fields.fatherPhone" },
        { field: "fatherCompany", label: "students:fields.fatherCompany" },
        { field: "fatherPosition", label: "students:fields.fatherPosition" },
        { field: "fatherEmail", label: "students:fields.fatherEmail" },
        { field: "motherName", label: "students:fields.motherName" },
        { field: "motherPhone", label: "students:fields.motherPhone" },
        { field: "motherCompany", label: "students:fields.motherCompany" },
        { field: "motherPosition", label: "students:fields.motherPosition" },
        { field: "motherEmail", label: "students:fields.motherEmail" },
        { field: "homeAddress", label: "students:fields.homeAddress" },
        { field: "remark", label: "students:fields.remark" },
      ],
    },
  ],
});

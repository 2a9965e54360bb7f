import { sql, type Kysely } from "kysely";
import { students } from "@contract/resources/students";
import { nowIso } from "@api/db";
import type { Database } from "@api/db/schema";
import { fieldError } from "@api/http";
import { makeGuards } from "@api/auth/guards";
import { scoped, studentFilter } from "@api/tenancy";
import { FILE_OWNERS } from "@api/services/storage/files";
import type { Deps } from "@api/context";
import { defineMapping, type ActionHook, type Item } from "./engine";

type Contact = { name?: string | null; relationship?: string | null; phone?: string | null };
const parseContacts = (v: unknown): Contact[] => {
  try {
    const a = JSON.parse(String(v ?? "[]"));
    return Array.isArray(a) ? a : [];
  } catch {
    return [];
  }
};

/** Who may see a student's photo: whoever may list student files and reaches that student. */
export function registerStudentFileOwner() {
  FILE_OWNERS.students ??= async (d: Deps, scope, id) =>
    (await makeGuards(d).mayUse(scope, students, "list")) && !!(await scoped.students(d.db, scope).select("id").where("id", "=", id).executeTakeFirst());
}

/** Each status move: the student_status_history row (reason = the action's comment), in the action's transaction. */
const statusHook = (to: string): ActionHook => ({
  async run({ w, scope }, item, { comment }) {
    await w.insert("student_status_history", {
      student_id: item.id,
      kindergarten_id: Number(item.kindergartenId),
      from_status: String(item.status),
      to_status: to,
      reason: comment,
      changed_by: scope.userId,
      changed_at: nowIso(),
    });
    return { patch: { updated_at: nowIso() } };
  },
});

/** Student files: table `students` (+ class, kindergarten, bus names); tenancy through api/tenancy studentFilter. */
export const studentsMapping = defineMapping({
  def: students,
  table: "students",
  alias: "s",
  from: (db) =>
    db
      .selectFrom("students as s")
      .innerJoin("kindergartens as k", "k.id", "s.kindergarten_id")
      .leftJoin("classes as c", "c.id", "s.class_id")
      .leftJoin("buses as b", "b.id", "s.bus_id"),
  english: { className: "c.name_en", kindergartenName: "k.name_en" },
  columns: {
    id: "s.id",
    name: "s.name",
    englishName: "s.english_name",
    gender: "s.gender",
    birthday: "s.birthday",
    nationality: "s.nationality",
    idType: "s.id_type",
    idNumber: "s.id_number",
    photoFileId: "s.photo_file_id",
    photoMissing: sql`case when s.photo_file_id is null then 'yes' else 'no' end`,
    homeLanguage: "s.home_language",
    otherLanguages: "s.other_languages",
    kindergartenId: "s.kindergarten_id",
    kindergartenName: "k.name",
    classId: "s.class_id",
    className: "c.name",
    status: "s.status",
    enrolledOn: "s.enrolled_on",
    healthHistory: "s.health_history",
    allergies: "s.allergies",
    allergyFlag: sql`case when s.allergies is null or trim(s.allergies) = '' then 'none' else 'yes' end`,
    medicalNotes: "s.medical_notes",
    emergencyContacts: "s.emergency_contacts",
    insuranceCompany: "s.insurance_company",
    insurancePolicyNo: "s.insurance_policy_no",
    insuranceExpires: "s.insurance_expires",
    busRequested: "s.bus_requested",
    busName: "b.name",
    busStation: "s.bus_station",
    photoConsent: "s.photo_consent",
    fatherName: "s.father_name",
    fatherPhone: "s.father_phone",
    fatherCompany: "s.father_company",
    fatherPosition: "s.father_position",
    fatherEmail: "s.father_email",
    motherName: "s.mother_name",
    motherPhone: "s.mother_phone",
    motherCompany: "s.mother_company",
    motherPosition: "s.mother_position",
    motherEmail: "s.mother_email",
    homeAddress: "s.home_address",
    remark: "s.remark",
    createdAt: "s.created_at",
  },
  kindergartenColumn: "kindergarten_id",
  scopeFilter: (scope) => studentFilter(scope, "s.id"),
  writable: {
    name: "name",
    englishName: "english_name",
    gender: "gender",
    birthday: "birthday",
    nationality: "nationality",
    idType: "id_type",
    idNumber: "id_number",
    homeLanguage: "home_language",
    otherLanguages: "other_languages",
    classId: "class_id",
    status: "status",
    enrolledOn: "enrolled_on",
    healthHistory: "health_history",
    allergies: "allergies",
    medicalNotes: "medical_notes",
    emergencyContacts: "emergency_contacts",
    insuranceCompany: "insurance_company",
    insurancePolicyNo: "insurance_policy_no",
    insuranceExpires: "insurance_expires",
    busRequested: "bus_requested",
    busStation: "bus_station",
    photoConsent: "photo_consent",
    fatherName: "father_name",
    fatherPhone: "father_phone",
    fatherCompany: "father_company",
    fatherPosition: "father_position",
    fatherEmail: "father_email",
    motherName: "mother_name",
    motherPhone: "mother_phone",
    motherCompany: "mother_company",
    motherPosition: "mother_position",
    motherEmail: "mother_email",
    homeAddress: "home_address",
    remark: "remark",
  },
  onCreate: () => ({ created_at: nowIso(), updated_at: nowIso() }),
  onChange: () => ({ updated_at: nowIso() }),
  filterWhere: {},
  actionHooks: {
    enrol: statusHook("at_school"),
    suspend: statusHook("suspended"),
    resume: statusHook("at_school"),
    graduate: statusHook("graduated"),
    quitRefunded: statusHook("quit_refunded"),
    quitUnrefunded: statusHook("quit_unrefunded"),
    refund: statusHook("quit_refunded"),
    readmit: statusHook("preparatory"),
  },
  hooks: {
    decorate(_db, items: Item[]) {
      for (const item of items) {
        const c = parseContacts(item.emergencyContacts);
        for (const [i, k] of [1, 2].entries()) {
          item[`emergency${k}Name`] = c[i]?.name ?? null;
          item[`emergency${k}Relationship`] = c[i]?.relationship ?? null;
          item[`emergency${k}Phone`] = c[i]?.phone ?? null;
        }
        delete item.emergencyContacts;
        item.busRequested = Number(item.busRequested) === 1 || item.busRequested === true;
        item.photoConsent = Number(item.photoConsent) === 1 || item.photoConsent === true;
      }
    },
    async beforeWrite({ w, scope }, { values, kindergartenId }) {
      const db = w.trx as unknown as Kysely<Database>;
      if (values.classId != null) {
        const cls = await scoped
          .classes(db, scope)
          .select(["id", "kindergarten_id"])
          .where("id", "=", values.classId as number)
          .executeTakeFirst();
        if (!cls || Number(cls.kindergarten_id) !== kindergartenId) throw fieldError("classId", "students:errors.classNotInKindergarten");
      }
      const contacts = [1, 2]
        .map((k) => ({
          name: values[`emergency${k}Name`] ?? null,
          relationship: values[`emergency${k}Relationship`] ?? null,
          phone: values[`emergency${k}Phone`] ?? null,
        }))
        .filter((c) => c.name || c.phone);
      for (const [i, c] of contacts.entries()) {
        if (!c.name) throw fieldError(`emergency${i + 1}Name`, "students:errors.contactNameRequired");
        if (!c.phone) throw fieldError(`emergency${i + 1}Phone`, "students:errors.contactPhoneRequired");
      }
      values.emergencyContacts = contacts.length ? JSON.stringify(contacts) : null;
    },
    async afterWrite({ w, scope, deps }, { id, mode, values, existing, kindergartenId }) {
      // The photo (files machinery): a new temporary upload of the writer moves to the main bucket; the old one goes.
      const photo = (values.photoFileId as number | null | undefined) ?? null;
      const old = existing?.photoFileId == null ? null : Number(existing.photoFileId);
      if (photo != null && photo !== old) {
        if (!(await deps.files.claim(w, photo, { userId: scope.userId, recordType: "students", recordId: id, kind: "image" })))
          throw fieldError("photoFileId", "upload.notUsable");
        await w.update("students", id, { photo_file_id: photo }, "photo");
        if (old != null) await deps.files.remove(w, old);
      }
      if (mode === "create")
        await w.insert("student_status_history", {
          student_id: id,
          kindergarten_id: Number(kindergartenId),
          from_status: null,
          to_status: String(values.status),
          reason: null,
          changed_by: scope.userId,
          changed_at: nowIso(),
        });
    },
    async beforeDelete({ w, deps }, item) {
      const trx = w.trx;
      for (const t of ["student_parents", "parent_link_requests", "doctor_students", "student_status_history", "leave_notes", "student_attendance"] as const)
        for (const r of await trx.selectFrom(t).select("id").where("student_id", "=", item.id).execute()) await w.delete(t, Number(r.id), "unlink");
      await trx.deleteFrom("student_attendance_changes").where("student_id", "=", item.id).execute();
      if (item.photoFileId != null) await deps.files.remove(w, Number(item.photoFileId));
    },
  },
});

import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import {
  courseRecords,
  homeworks,
  lessonPlans,
  observations,
  presetPlans,
  studentWorks,
  teachingRecords,
  trainingMaterials,
} from "@contract/resources/teaching";
import { Role } from "@contract/roles";
import { nowIso } from "@api/db";
import type { Database } from "@api/db/schema";
import { ApiError, fieldError } from "@api/http";
import { classFilter, kindergartenFilter, studentFilter, type Scope } from "@api/tenancy";
import { defineMapping, fieldErrors, type ActionHook, type Item, type ResourceMapping, type WriteContext, type WriteInfo } from "@api/resources/engine";
import { MAX_IMAGES } from "@contract/files";
import { imageIds, takeFile, takeImages, teachingLimits } from "./files";

const TRUE = sql<SqlBool>`1 = 1`;
const ref = (c: string) => sql.ref(c);
const TEACHERS: number[] = [Role.teacher, Role.subjectTeacher];
const trxOf = (ctx: WriteContext) => ctx.w.trx as unknown as Kysely<Database>;

/** Teachers an expert is bound to (expert_teachers), in the expert's kindergarten: what she may evaluate. */
export const boundTeacherFilter = (scope: Scope, column: string): Expression<SqlBool> =>
  sql<SqlBool>`${ref(column)} in (select et_.teacher_id from expert_teachers et_ where et_.expert_id = ${scope.userId})`;

/**
 * Who sees an observation / course record (alias `r`), always inside api/tenancy's kindergarten filter:
 * drafts only their author; teachers their own and their classes'; parents their children's (or their children's
 * classes' class-wide records); the expert the records of the teachers bound to her; principal and admin the kindergarten.
 */
function evaluatedScope(scope: Scope): Expression<SqlBool> {
  const me = scope.userId;
  const notDraftOrMine = sql<SqlBool>`(r.status <> 'draft' or r.teacher_id = ${me})`;
  const inKg = kindergartenFilter(scope, "r.kindergarten_id");
  switch (scope.roleId) {
    case Role.expert:
      return sql<SqlBool>`${inKg} and r.status <> 'draft' and ${boundTeacherFilter(scope, "r.teacher_id")}`;
    case Role.parent:
      return sql<SqlBool>`${inKg} and r.status <> 'draft' and (${studentFilter(scope, "r.student_id")} or (r.student_id is null and ${classFilter(scope, "r.class_id")}))`;
    case Role.teacher:
    case Role.subjectTeacher:
      return sql<SqlBool>`${inKg} and ${notDraftOrMine} and (r.teacher_id = ${me} or ${classFilter(scope, "r.class_id")})`;
    default:
      return sql<SqlBool>`${inKg} and ${notDraftOrMine}`;
  }
}

/** The class (and child) of a written record lie in the caller's reach and in the row's kindergarten. */
async function checkClassAndStudent(ctx: WriteContext, values: Record<string, unknown>, kindergartenId: number | null) {
  const db = trxOf(ctx);
  const classId = values.classId == null ? null : Number(values.classId);
  if (classId != null) {
    const cls = await db
      .selectFrom("classes")
      .select("id")
      .where("id", "=", classId)
      .where("kindergarten_id", "=", kindergartenId ?? -1)
      .where(classFilter(ctx.scope, "classes.id"))
      .executeTakeFirst();
    if (!cls) throw fieldError("classId", "teaching:errors.classNotInReach");
  }
  const studentId = values.studentId == null ? null : Number(values.studentId);
  if (studentId != null) {
    const st = await db
      .selectFrom("students")
      .select(["id", "class_id"])
      .where("id", "=", studentId)
      .where(studentFilter(ctx.scope, "students.id"))
      .executeTakeFirst();
    if (!st || Number(st.class_id) !== classId) throw fieldError("studentId", "teaching:errors.studentNotInClass");
  }
}

/** Changing and deleting: a teacher only her own rows (403); with `draftOnly`, only drafts (409). */
function assertMayWrite(ctx: WriteContext, existing: Item | null, o: { authorField: string; draftOnly?: boolean }) {
  if (!existing) return;
  if (o.draftOnly && existing.status !== "draft") throw new ApiError(409, "teaching:errors.notDraft");
  // 409, not 403: the role may write this resource; this row is someone else's (as a state refusal is).
  if (TEACHERS.includes(ctx.scope.roleId) && Number(existing[o.authorField]) !== ctx.scope.userId) throw new ApiError(409, "teaching:errors.notAuthor");
}

/** The records' image lists: stored as JSON text, an array of file ids in the item. */
const decorateImages = (_db: unknown, items: Item[]) => {
  for (const i of items) i.imageFileIds = imageIds(i.imageFileIds);
};

const author = (field: string) => (ctx: WriteContext, info: WriteInfo) => {
  info.values[field] = info.mode === "create" ? ctx.scope.userId : Number(info.existing?.[field]);
};

// ---------------------------------------------------------------------------------------------
// Observations and course records
// ---------------------------------------------------------------------------------------------
const submitHook: ActionHook = { run: () => ({ patch: { submitted_at: nowIso() }, msg: "teaching:messages.submitted" }) };
const requestHook = (table: "observations" | "course_records"): ActionHook => ({
  async run(ctx, item) {
    const bound = await trxOf(ctx).selectFrom("expert_teachers").select("id").where("teacher_id", "=", Number(item.teacherId)).executeTakeFirst();
    if (!bound) throw new ApiError(409, "teaching:errors.noExpert");
    void table;
    return { msg: "teaching:messages.sentForEvaluation" };
  },
});
const evaluateHook = (table: "observations" | "course_records"): ActionHook => ({
  async run(ctx, item, { comment }) {
    const row = await trxOf(ctx).selectFrom(table).select(["grade"]).where("id", "=", item.id).executeTakeFirst();
    if (!row?.grade) throw fieldErrors({ grade: ["teaching:errors.gradeRequired"] });
    return { patch: { expert_id: ctx.scope.userId, evaluation: comment, evaluated_at: nowIso() }, msg: "teaching:messages.evaluated" };
  },
});

function evaluatedMapping(def: typeof observations, table: "observations" | "course_records"): ResourceMapping {
  return defineMapping({
    def,
    table,
    alias: "r",
    from: (db) =>
      db
        .selectFrom(`${table} as r`)
        .innerJoin("classes as c", "c.id", "r.class_id")
        .leftJoin("students as s", "s.id", "r.student_id")
        .leftJoin("users as t", "t.id", "r.teacher_id")
        .leftJoin("users as x", "x.id", "r.expert_id"),
    english: { className: "c.name_en" },
    columns: {
      id: "r.id",
      kindergartenId: "r.kindergarten_id",
      classId: "r.class_id",
      className: "c.name",
      studentId: "r.student_id",
      studentName: "s.name",
      teacherId: "r.teacher_id",
      teacherName: "t.real_name",
      title: "r.title",
      content: "r.content",
      happenedOn: "r.happened_on",
      imageFileIds: "r.image_file_ids",
      status: "r.status",
      grade: "r.grade",
      evaluation: "r.evaluation",
      expertId: "r.expert_id",
      expertName: "x.real_name",
      submittedAt: "r.submitted_at",
      evaluatedAt: "r.evaluated_at",
      createdAt: "r.created_at",
    },
    kindergartenColumn: "kindergarten_id",
    scopeFilter: evaluatedScope,
    writable: { title: "title", classId: "class_id", studentId: "student_id", happenedOn: "happened_on", content: "content", teacherId: "teacher_id" },
    onCreate: () => ({ status: "draft", created_at: nowIso(), updated_at: nowIso() }),
    onChange: () => ({ updated_at: nowIso() }),
    actionHooks: { submit: submitHook, requestEvaluation: requestHook(table), evaluate: evaluateHook(table) },
    hooks: {
      async beforeWrite(ctx, info) {
        assertMayWrite(ctx, info.existing, { authorField: "teacherId", draftOnly: true });
        author("teacherId")(ctx, info);
        await checkClassAndStudent(ctx, info.values, info.kindergartenId);
      },
      decorate: decorateImages,
      async afterWrite(ctx, { id, values, existing, kindergartenId }) {
        const images = await takeImages(ctx, {
          field: "imageFileIds",
          recordType: table,
          id,
          value: values.imageFileIds,
          old: existing?.imageFileIds,
          kindergartenId,
          max: MAX_IMAGES,
        });
        await ctx.w.update(table, id, { image_file_ids: images } as never, "images");
      },
      async beforeDelete(ctx, item) {
        assertMayWrite(ctx, item, { authorField: "teacherId", draftOnly: true });
        for (const f of imageIds(item.imageFileIds)) await ctx.deps.files.remove(ctx.w, f);
      },
    },
  });
}

export const observationsMapping = evaluatedMapping(observations, "observations");
export const courseRecordsMapping = evaluatedMapping(courseRecords as typeof observations, "course_records");

// ---------------------------------------------------------------------------------------------
// Lesson plans (same education group only) and preset lesson plans
// ---------------------------------------------------------------------------------------------
function lessonPlanScope(scope: Scope): Expression<SqlBool> {
  const inKg = kindergartenFilter(scope, "lp.kindergarten_id");
  switch (scope.roleId) {
    case Role.parent:
      return sql<SqlBool>`${inKg} and lp.status = 'published' and (lp.class_id is null or ${classFilter(scope, "lp.class_id")})`;
    case Role.expert:
      return sql<SqlBool>`${inKg} and lp.status = 'published'`;
    case Role.teacher:
      return sql<SqlBool>`${inKg} and (lp.author_id = ${scope.userId} or lp.status = 'published')`;
    default:
      return inKg;
  }
}

function presetScope(scope: Scope): Expression<SqlBool> {
  if (scope.reach === "platform") return TRUE;
  return sql<SqlBool>`(pp.kindergarten_id is null or ${kindergartenFilter(scope, "pp.kindergarten_id")})`;
}

export const lessonPlansMapping = defineMapping({
  def: lessonPlans,
  table: "lesson_plans",
  alias: "lp",
  from: (db) => db.selectFrom("lesson_plans as lp").leftJoin("classes as c", "c.id", "lp.class_id").leftJoin("users as a", "a.id", "lp.author_id"),
  english: { className: "c.name_en" },
  columns: {
    id: "lp.id",
    kindergartenId: "lp.kindergarten_id",
    educationGroupId: "lp.education_group_id",
    classId: "lp.class_id",
    className: "c.name",
    authorId: "lp.author_id",
    authorName: "a.real_name",
    title: "lp.title",
    summary: "lp.summary",
    weekOf: "lp.week_of",
    pdfFileId: "lp.pdf_file_id",
    presetId: "lp.preset_id",
    status: "lp.status",
    createdAt: "lp.created_at",
  },
  kindergartenColumn: "kindergarten_id",
  scopeFilter: lessonPlanScope,
  writable: {
    title: "title",
    classId: "class_id",
    weekOf: "week_of",
    summary: "summary",
    authorId: "author_id",
    educationGroupId: "education_group_id",
    presetId: "preset_id",
  },
  onCreate: () => ({ status: "draft", created_at: nowIso(), updated_at: nowIso() }),
  onChange: () => ({ updated_at: nowIso() }),
  hooks: {
    async beforeWrite(ctx, info) {
      const db = trxOf(ctx);
      const { values, kindergartenId, existing, mode } = info;
      assertMayWrite(ctx, existing, { authorField: "authorId", draftOnly: true });
      author("authorId")(ctx, info);
      const kg = await db
        .selectFrom("kindergartens")
        .select("education_group_id")
        .where("id", "=", kindergartenId ?? -1)
        .executeTakeFirst();
      const group = Number(kg?.education_group_id);
      // Section 5: a lesson plan is added or edited only within the same education group.
      if (
        ctx.scope.reach !== "platform" &&
        (group !== ctx.scope.educationGroupId || (existing && Number(existing.educationGroupId) !== ctx.scope.educationGroupId))
      )
        throw new ApiError(403, "teaching:errors.otherGroup");
      values.educationGroupId = group;
      if (values.classId != null) await checkClassAndStudent(ctx, { classId: values.classId }, kindergartenId);
      if (mode === "create" && values.presetId != null) {
        // Copy a preset: it must be one the caller reaches, of her own group (or a platform preset).
        const p = await db
          .selectFrom("preset_plans as pp")
          .leftJoin("kindergartens as k", "k.id", "pp.kindergarten_id")
          .select(["pp.id", "pp.title", "pp.summary", "pp.pdf_file_id", "k.education_group_id"])
          .where("pp.id", "=", Number(values.presetId))
          .where(presetScope(ctx.scope))
          .executeTakeFirst();
        if (!p || (p.education_group_id != null && Number(p.education_group_id) !== group)) throw fieldError("presetId", "teaching:errors.presetNotInGroup");
        if (!values.summary) values.summary = p.summary;
        (values as Record<string, unknown>)._presetPdf = p.pdf_file_id;
      } else if (mode === "change") values.presetId = existing?.presetId ?? null;
      if (mode === "create" && values.presetId == null && values.pdfFileId == null) throw fieldError("pdfFileId", "teaching:errors.pdfRequired");
    },
    async afterWrite(ctx, { id, values, existing, kindergartenId }) {
      const presetPdf = (values as Record<string, unknown>)._presetPdf as number | null | undefined;
      if (values.pdfFileId == null && presetPdf != null && !existing) {
        // The copy gets its own file row pointing at the preset's object (the preset keeps its own).
        const src = await trxOf(ctx).selectFrom("files").selectAll().where("id", "=", presetPdf).executeTakeFirst();
        if (src) {
          const fileId = await ctx.w.insert("files", {
            bucket: src.bucket,
            object_key: src.object_key,
            thumb_key: null,
            kind: "pdf",
            name: src.name,
            content_type: src.content_type,
            size: src.size,
            owner_user_id: ctx.scope.userId,
            record_type: "lesson_plans",
            record_id: id,
            created_at: nowIso(),
            claimed_at: nowIso(),
          } as never);
          await ctx.w.update("lesson_plans", id, { pdf_file_id: fileId } as never, "copyPreset");
        }
        return;
      }
      if (values.pdfFileId == null && existing?.pdfFileId != null) throw fieldError("pdfFileId", "teaching:errors.pdfRequired");
      await takeFile(ctx, {
        field: "pdfFileId",
        kind: "pdf",
        recordType: "lesson_plans",
        id,
        value: values.pdfFileId,
        old: existing?.pdfFileId,
        kindergartenId,
      });
      await ctx.w.update("lesson_plans", id, { pdf_file_id: (values.pdfFileId as number | null) ?? null } as never, "pdf");
    },
    async beforeDelete(ctx, item) {
      if (ctx.scope.reach !== "platform" && Number(item.educationGroupId) !== ctx.scope.educationGroupId) throw new ApiError(403, "teaching:errors.otherGroup");
      assertMayWrite(ctx, item, { authorField: "authorId" });
      await removeShared(ctx, item.pdfFileId);
    },
  },
});

/** Removes a file row; its objects only when no other row still points at them (copied preset PDFs share one object). */
async function removeShared(ctx: WriteContext, fileId: unknown) {
  if (fileId == null) return;
  const db = trxOf(ctx);
  const row = await db.selectFrom("files").selectAll().where("id", "=", Number(fileId)).executeTakeFirst();
  if (!row) return;
  const others = await db.selectFrom("files").select("id").where("object_key", "=", row.object_key).where("id", "!=", row.id).executeTakeFirst();
  if (others) await ctx.w.delete("files", Number(row.id));
  else await ctx.deps.files.remove(ctx.w, Number(row.id));
}

export const presetPlansMapping = defineMapping({
  def: presetPlans,
  table: "preset_plans",
  alias: "pp",
  from: (db) => db.selectFrom("preset_plans as pp").leftJoin("kindergartens as k", "k.id", "pp.kindergarten_id"),
  english: { kindergartenName: "k.name_en" },
  columns: {
    id: "pp.id",
    kindergartenId: "pp.kindergarten_id",
    kindergartenName: "k.name",
    title: "pp.title",
    level: "pp.level",
    summary: "pp.summary",
    pdfFileId: "pp.pdf_file_id",
    createdAt: "pp.created_at",
  },
  // Not the engine's kindergarten handling: a super admin's preset without a kindergarten is a platform preset.
  kindergartenColumn: null,
  scopeFilter: presetScope,
  writable: { title: "title", level: "level", summary: "summary", kindergartenId: "kindergarten_id" },
  onCreate: () => ({ created_at: nowIso(), updated_at: nowIso() }),
  onChange: () => ({ updated_at: nowIso() }),
  hooks: {
    async beforeWrite(ctx, { values, existing }) {
      if (ctx.scope.reach === "platform") {
        if (values.kindergartenId != null) {
          const kg = await trxOf(ctx).selectFrom("kindergartens").select("id").where("id", "=", Number(values.kindergartenId)).executeTakeFirst();
          if (!kg) throw fieldError("kindergartenId", "resources:common.errors.kindergartenNotInScope");
        }
      } else values.kindergartenId = existing ? existing.kindergartenId : ctx.scope.kindergartenId;
      (values as Record<string, unknown>).createdBy = ctx.scope.userId;
    },
    async afterWrite(ctx, { id, values, existing }) {
      await takeFile(ctx, {
        field: "pdfFileId",
        kind: "pdf",
        recordType: "preset_plans",
        id,
        value: values.pdfFileId,
        old: existing?.pdfFileId,
        kindergartenId: null,
      });
      await ctx.w.update(
        "preset_plans",
        id,
        { pdf_file_id: (values.pdfFileId as number | null) ?? null, created_by: existing ? undefined : ctx.scope.userId } as never,
        "pdf",
      );
    },
    async beforeDelete(ctx, item) {
      await ctx.w.trx.updateTable("lesson_plans").set({ preset_id: null }).where("preset_id", "=", item.id).execute();
      await removeShared(ctx, item.pdfFileId);
    },
  },
});

// ---------------------------------------------------------------------------------------------
// Teaching records and student works
// ---------------------------------------------------------------------------------------------
function mediaScope(scope: Scope): Expression<SqlBool> {
  const inKg = kindergartenFilter(scope, "m.kindergarten_id");
  if (scope.roleId === Role.parent)
    return sql<SqlBool>`${inKg} and (${studentFilter(scope, "m.student_id")} or (m.student_id is null and ${classFilter(scope, "m.class_id")}))`;
  if (TEACHERS.includes(scope.roleId)) return sql<SqlBool>`${inKg} and (m.author_id = ${scope.userId} or ${classFilter(scope, "m.class_id")})`;
  return inKg;
}

function mediaMapping(def: typeof teachingRecords, table: "teaching_records" | "student_works"): ResourceMapping {
  return defineMapping({
    def,
    table,
    alias: "m",
    from: (db) =>
      db
        .selectFrom(`${table} as m`)
        .innerJoin("classes as c", "c.id", "m.class_id")
        .leftJoin("students as s", "s.id", "m.student_id")
        .leftJoin("users as a", "a.id", "m.author_id"),
    english: { className: "c.name_en" },
    columns: {
      id: "m.id",
      kindergartenId: "m.kindergarten_id",
      classId: "m.class_id",
      className: "c.name",
      studentId: "m.student_id",
      studentName: "s.name",
      authorId: "m.author_id",
      authorName: "a.real_name",
      title: "m.title",
      content: "m.content",
      recordedOn: "m.recorded_on",
      imageFileIds: "m.image_file_ids",
      videoFileId: "m.video_file_id",
      createdAt: "m.created_at",
    },
    kindergartenColumn: "kindergarten_id",
    scopeFilter: mediaScope,
    writable: { title: "title", classId: "class_id", studentId: "student_id", recordedOn: "recorded_on", content: "content", authorId: "author_id" },
    onCreate: () => ({ created_at: nowIso(), updated_at: nowIso() }),
    onChange: () => ({ updated_at: nowIso() }),
    hooks: {
      async beforeWrite(ctx, info) {
        assertMayWrite(ctx, info.existing, { authorField: "authorId" });
        author("authorId")(ctx, info);
        await checkClassAndStudent(ctx, info.values, info.kindergartenId);
        if (table === "teaching_records" && info.kindergartenId != null) {
          // The kindergarten's limit of teaching records: per class and calendar month (0 = no limit).
          const { recordLimit } = await teachingLimits(ctx.w, info.kindergartenId);
          const month = String(info.values.recordedOn).slice(0, 7);
          const sameSlot =
            info.existing && Number(info.existing.classId) === Number(info.values.classId) && String(info.existing.recordedOn).slice(0, 7) === month;
          if (recordLimit > 0 && !sameSlot) {
            const n = await trxOf(ctx)
              .selectFrom("teaching_records")
              .select(sql<number>`count(*)`.as("n"))
              .where("class_id", "=", Number(info.values.classId))
              .where("recorded_on", ">=", `${month}-01`)
              .where("recorded_on", "<=", `${month}-31`)
              .executeTakeFirst();
            if (Number(n?.n ?? 0) >= recordLimit) throw fieldError("recordedOn", "teaching:errors.recordLimit", { count: recordLimit });
          }
        }
      },
      decorate: decorateImages,
      async afterWrite(ctx, { id, values, existing, kindergartenId }) {
        const images = await takeImages(ctx, {
          field: "imageFileIds",
          recordType: table,
          id,
          value: values.imageFileIds,
          old: existing?.imageFileIds,
          kindergartenId,
          max: MAX_IMAGES,
        });
        await takeFile(ctx, {
          field: "videoFileId",
          kind: "video",
          recordType: table,
          id,
          value: values.videoFileId,
          old: existing?.videoFileId,
          kindergartenId,
        });
        await ctx.w.update(table, id, { image_file_ids: images, video_file_id: (values.videoFileId as number | null) ?? null } as never, "files");
      },
      async beforeDelete(ctx, item) {
        assertMayWrite(ctx, item, { authorField: "authorId" });
        for (const f of [...imageIds(item.imageFileIds), item.videoFileId]) if (f != null) await ctx.deps.files.remove(ctx.w, Number(f));
      },
    },
  });
}

export const teachingRecordsMapping = mediaMapping(teachingRecords, "teaching_records");
export const studentWorksMapping = mediaMapping(studentWorks as typeof teachingRecords, "student_works");

// ---------------------------------------------------------------------------------------------
// Homework and training materials
// ---------------------------------------------------------------------------------------------
export const homeworksMapping = defineMapping({
  def: homeworks,
  table: "homeworks",
  alias: "h",
  from: (db) => db.selectFrom("homeworks as h").innerJoin("classes as c", "c.id", "h.class_id").leftJoin("users as a", "a.id", "h.author_id"),
  english: { className: "c.name_en" },
  columns: {
    id: "h.id",
    kindergartenId: "h.kindergarten_id",
    classId: "h.class_id",
    className: "c.name",
    authorId: "h.author_id",
    authorName: "a.real_name",
    kind: "h.kind",
    title: "h.title",
    content: "h.content",
    dueOn: "h.due_on",
    done: sql`(select count(*) from homework_submissions hs_ where hs_.homework_id = h.id)`,
    total: sql`(select count(*) from students s_ where s_.class_id = h.class_id and s_.status = 'at_school')`,
    createdAt: "h.created_at",
  },
  kindergartenColumn: "kindergarten_id",
  scopeFilter: (scope) =>
    scope.roleId === Role.teacher
      ? sql<SqlBool>`${kindergartenFilter(scope, "h.kindergarten_id")} and (h.author_id = ${scope.userId} or ${classFilter(scope, "h.class_id")})`
      : kindergartenFilter(scope, "h.kindergarten_id"),
  writable: { title: "title", kind: "kind", classId: "class_id", dueOn: "due_on", content: "content", authorId: "author_id" },
  onCreate: () => ({ created_at: nowIso(), updated_at: nowIso() }),
  onChange: () => ({ updated_at: nowIso() }),
  hooks: {
    decorate(_db, items: Item[]) {
      for (const i of items) {
        i.done = Number(i.done ?? 0);
        i.total = Number(i.total ?? 0);
      }
    },
    async beforeWrite(ctx, info) {
      assertMayWrite(ctx, info.existing, { authorField: "authorId" });
      author("authorId")(ctx, info);
      await checkClassAndStudent(ctx, { classId: info.values.classId }, info.kindergartenId);
    },
    async beforeDelete(ctx, item) {
      assertMayWrite(ctx, item, { authorField: "authorId" });
      const subs = await ctx.w.trx.selectFrom("homework_submissions").select(["id", "image_file_ids"]).where("homework_id", "=", item.id).execute();
      for (const s of subs) {
        for (const f of imageIds(s.image_file_ids)) await ctx.deps.files.remove(ctx.w, f);
        await ctx.w.delete("homework_submissions", Number(s.id));
      }
    },
  },
});

/**
 * Training materials: the kindergarten's own. A group-wide one (reach "group") is copied, read-only, into every other
 * kindergarten of the group (source_id), so that each kindergarten's list stays within its tenancy.
 */
const materialScope = (scope: Scope): Expression<SqlBool> => kindergartenFilter(scope, "tm.kindergarten_id");

export const trainingMaterialsMapping = defineMapping({
  def: trainingMaterials,
  table: "training_materials",
  alias: "tm",
  from: (db) => db.selectFrom("training_materials as tm").innerJoin("kindergartens as k", "k.id", "tm.kindergarten_id"),
  english: { kindergartenName: "k.name_en" },
  columns: {
    id: "tm.id",
    kindergartenId: "tm.kindergarten_id",
    kindergartenName: "k.name",
    reach: "tm.reach",
    sourceId: "tm.source_id",
    title: "tm.title",
    description: "tm.description",
    pdfFileId: "tm.pdf_file_id",
    videoFileId: "tm.video_file_id",
    createdAt: "tm.created_at",
  },
  kindergartenColumn: "kindergarten_id",
  scopeFilter: materialScope,
  writable: { title: "title", reach: "reach", description: "description", educationGroupId: "education_group_id" },
  onCreate: () => ({ created_at: nowIso(), updated_at: nowIso() }),
  onChange: () => ({ updated_at: nowIso() }),
  hooks: {
    async beforeWrite(ctx, { values, kindergartenId, existing }) {
      // Another kindergarten's group-wide material is read-only here.
      if (existing?.sourceId != null) throw new ApiError(409, "teaching:errors.otherKindergarten");
      const kg = await trxOf(ctx)
        .selectFrom("kindergartens")
        .select("education_group_id")
        .where("id", "=", kindergartenId ?? -1)
        .executeTakeFirst();
      values.educationGroupId = Number(kg?.education_group_id);
      if (values.pdfFileId == null && values.videoFileId == null) throw fieldError("pdfFileId", "teaching:errors.materialFileRequired");
    },
    async afterWrite(ctx, { id, values, existing, kindergartenId }) {
      await takeFile(ctx, {
        field: "pdfFileId",
        kind: "pdf",
        recordType: "training_materials",
        id,
        value: values.pdfFileId,
        old: existing?.pdfFileId,
        kindergartenId: null,
      });
      await takeFile(ctx, {
        field: "videoFileId",
        kind: "video",
        recordType: "training_materials",
        id,
        value: values.videoFileId,
        old: existing?.videoFileId,
        kindergartenId,
      });
      await ctx.w.update(
        "training_materials",
        id,
        {
          pdf_file_id: (values.pdfFileId as number | null) ?? null,
          video_file_id: (values.videoFileId as number | null) ?? null,
          created_by: ctx.scope.userId,
        } as never,
        "files",
      );
      await syncMaterialCopies(ctx, id);
    },
    async beforeDelete(ctx, item) {
      if (item.sourceId != null) throw new ApiError(409, "teaching:errors.otherKindergarten");
      for (const c of await ctx.w.trx.selectFrom("training_materials").select("id").where("source_id", "=", item.id).execute())
        await ctx.w.delete("training_materials", Number(c.id), "unshare");
      for (const f of [item.pdfFileId, item.videoFileId]) if (f != null) await ctx.deps.files.remove(ctx.w, Number(f));
    },
  },
});

/** A group-wide material has a read-only copy in every other kindergarten of its group; a kindergarten one has none. */
export async function syncMaterialCopies(ctx: WriteContext, id: number) {
  const db = trxOf(ctx);
  const m = await db.selectFrom("training_materials").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const copies = await db.selectFrom("training_materials").select(["id", "kindergarten_id"]).where("source_id", "=", id).execute();
  const wanted =
    m.reach === "group"
      ? (
          await db
            .selectFrom("kindergartens")
            .select("id")
            .where("education_group_id", "=", Number(m.education_group_id))
            .where("id", "!=", Number(m.kindergarten_id))
            .execute()
        ).map((k) => Number(k.id))
      : [];
  const fields = {
    education_group_id: m.education_group_id,
    reach: m.reach,
    title: m.title,
    description: m.description,
    pdf_file_id: m.pdf_file_id,
    video_file_id: m.video_file_id,
    created_by: m.created_by,
    updated_at: nowIso(),
  };
  for (const c of copies)
    if (wanted.includes(Number(c.kindergarten_id))) await ctx.w.update("training_materials", Number(c.id), fields as never, "share");
    else await ctx.w.delete("training_materials", Number(c.id), "unshare");
  for (const kg of wanted)
    if (!copies.some((c) => Number(c.kindergarten_id) === kg))
      await ctx.w.insert("training_materials", { ...fields, kindergarten_id: kg, source_id: id, created_at: m.created_at } as never, "share");
}

export const TEACHING_MAPPINGS: ResourceMapping[] = [
  observationsMapping,
  courseRecordsMapping,
  lessonPlansMapping,
  presetPlansMapping,
  teachingRecordsMapping,
  studentWorksMapping,
  homeworksMapping,
  trainingMaterialsMapping,
];

/** Record type (files.record_type) → the table and the scope filter that decide who may open its files. */
export const TEACHING_FILE_OWNERS = [
  { table: "observations", alias: "r", def: observations, scope: evaluatedScope },
  { table: "course_records", alias: "r", def: courseRecords, scope: evaluatedScope },
  { table: "lesson_plans", alias: "lp", def: lessonPlans, scope: lessonPlanScope },
  { table: "preset_plans", alias: "pp", def: presetPlans, scope: presetScope },
  { table: "teaching_records", alias: "m", def: teachingRecords, scope: mediaScope },
  { table: "student_works", alias: "m", def: studentWorks, scope: mediaScope },
  { table: "training_materials", alias: "tm", def: trainingMaterials, scope: materialScope },
] as const;

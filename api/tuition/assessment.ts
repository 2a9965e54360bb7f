import { sql, type Kysely, type SqlBool } from "kysely";
import { assessmentCategories, assessmentChecklists, assessmentObjectives, studentAssessments } from "@contract/resources/assessment";
import { nowIso } from "@api/db";
import type { Database } from "@api/db/schema";
import { ApiError, fieldError } from "@api/http";
import { kindergartenFilter, scoped, studentFilter } from "@api/tenancy";
import { defineMapping, type Item } from "@api/resources/engine";

const trx = (w: { trx: unknown }) => w.trx as Kysely<Database>;

/** Categories, objectives and checklist items: platform-wide (role 6), no kindergarten. */
export const assessmentCategoriesMapping = defineMapping({
  def: assessmentCategories,
  table: "assessment_categories",
  alias: "ac",
  from: (db) => db.selectFrom("assessment_categories as ac"),
  english: { name: "ac.name_en" },
  columns: {
    id: "ac.id",
    name: "ac.name",
    nameEn: "ac.name_en",
    sort: "ac.sort",
    objectiveCount: sql`(select count(*) from assessment_objectives ao_ where ao_.category_id = ac.id)`,
  },
  kindergartenColumn: null,
  writable: { name: "name", nameEn: "name_en", sort: "sort" },
  onCreate: () => ({ created_at: nowIso() }),
  hooks: {
    async beforeDelete({ w }, item) {
      const used = await trx(w).selectFrom("assessment_objectives").select("id").where("category_id", "=", item.id).executeTakeFirst();
      if (used) throw new ApiError(409, "assessment:errors.inUse");
    },
    decorate(_db, items: Item[]) {
      for (const it of items) it.objectiveCount = Number(it.objectiveCount);
    },
  },
});

export const assessmentObjectivesMapping = defineMapping({
  def: assessmentObjectives,
  table: "assessment_objectives",
  alias: "ao",
  from: (db) => db.selectFrom("assessment_objectives as ao").innerJoin("assessment_categories as ac", "ac.id", "ao.category_id"),
  english: { name: "ao.name_en", categoryName: "ac.name_en" },
  columns: {
    id: "ao.id",
    categoryId: "ao.category_id",
    categoryName: "ac.name",
    name: "ao.name",
    nameEn: "ao.name_en",
    level: "ao.level",
    itemCount: sql`(select count(*) from assessment_items ai_ where ai_.objective_id = ao.id)`,
  },
  kindergartenColumn: null,
  writable: { categoryId: "category_id", name: "name", nameEn: "name_en", level: "level" },
  onCreate: () => ({ created_at: nowIso() }),
  hooks: {
    async beforeWrite({ w }, { values }) {
      const c = await trx(w)
        .selectFrom("assessment_categories")
        .select("id")
        .where("id", "=", values.categoryId as number)
        .executeTakeFirst();
      if (!c) throw fieldError("categoryId", "assessment:errors.categoryNotFound");
    },
    async beforeDelete({ w }, item) {
      const used = await trx(w).selectFrom("assessment_items").select("id").where("objective_id", "=", item.id).executeTakeFirst();
      if (used) throw new ApiError(409, "assessment:errors.inUse");
    },
    decorate(_db, items: Item[]) {
      for (const it of items) it.itemCount = Number(it.itemCount);
    },
  },
});

export const assessmentChecklistsMapping = defineMapping({
  def: assessmentChecklists,
  table: "assessment_items",
  alias: "ai",
  from: (db) =>
    db
      .selectFrom("assessment_items as ai")
      .innerJoin("assessment_objectives as ao", "ao.id", "ai.objective_id")
      .innerJoin("assessment_categories as ac", "ac.id", "ao.category_id"),
  english: { content: "ai.content_en", objectiveName: "ao.name_en", categoryName: "ac.name_en" },
  columns: {
    id: "ai.id",
    objectiveId: "ai.objective_id",
    objectiveName: "ao.name",
    categoryName: "ac.name",
    level: "ao.level",
    time: "ai.time",
    content: "ai.content",
    contentEn: "ai.content_en",
    maxScore: "ai.max_score",
  },
  kindergartenColumn: null,
  writable: { objectiveId: "objective_id", time: "time", content: "content", contentEn: "content_en", maxScore: "max_score" },
  onCreate: () => ({ created_at: nowIso() }),
  hooks: {
    async beforeWrite({ w }, { values }) {
      const o = await trx(w)
        .selectFrom("assessment_objectives")
        .select("id")
        .where("id", "=", values.objectiveId as number)
        .executeTakeFirst();
      if (!o) throw fieldError("objectiveId", "assessment:errors.objectiveNotFound");
    },
  },
});

/** The checklist of a level and time: items with their objective and category, in order. */
export async function checklistOf(db: Kysely<Database>, level: string, time: string) {
  return db
    .selectFrom("assessment_items as ai")
    .innerJoin("assessment_objectives as ao", "ao.id", "ai.objective_id")
    .innerJoin("assessment_categories as ac", "ac.id", "ao.category_id")
    .select([
      "ai.id",
      "ai.content",
      "ai.content_en",
      "ai.max_score",
      "ao.name as objective",
      "ao.name_en as objective_en",
      "ac.name as category",
      "ac.name_en as category_en",
      "ac.sort",
    ])
    .where("ao.level", "=", level as never)
    .where("ai.time", "=", time as never)
    .orderBy("ac.sort")
    .orderBy("ao.id")
    .orderBy("ai.id")
    .execute();
}

/** Score totals per level and time (what a full score is). */
export async function levelTotals(db: Kysely<Database>) {
  const rows = await db
    .selectFrom("assessment_items as ai")
    .innerJoin("assessment_objectives as ao", "ao.id", "ai.objective_id")
    .select(["ao.level", "ai.time", sql<number>`sum(ai.max_score)`.as("total"), sql<number>`count(*)`.as("items")])
    .groupBy(["ao.level", "ai.time"])
    .execute();
  return rows.map((r) => ({ level: String(r.level), time: String(r.time), total: Number(r.total), items: Number(r.items) }));
}

/** How many items a stored scores object ({"<item id>": score}) holds. */
function scoredCount(json: string | null | undefined): number {
  try {
    const scores = JSON.parse(String(json ?? "{}")) as Record<string, unknown>;
    return Object.values(scores).filter((v) => typeof v === "number").length;
  } catch {
    return 0;
  }
}

export const studentAssessmentsMapping = defineMapping({
  def: studentAssessments,
  table: "student_assessments",
  alias: "sa",
  from: (db) =>
    db
      .selectFrom("student_assessments as sa")
      .innerJoin("students as s", "s.id", "sa.student_id")
      .leftJoin("classes as c", "c.id", "sa.class_id")
      .leftJoin("users as u", "u.id", "sa.assessed_by"),
  english: { className: "c.name_en" },
  columns: {
    id: "sa.id",
    studentId: "sa.student_id",
    studentName: "s.name",
    classId: "sa.class_id",
    className: "c.name",
    level: "sa.level",
    schoolYear: "sa.school_year",
    time: "sa.time",
    totalScore: "sa.total_score",
    scores: "sa.scores",
    assessorName: "u.real_name",
    remark: "sa.remark",
    kgId: "sa.kindergarten_id",
  },
  kindergartenColumn: "kindergarten_id",
  kindergartenField: "kgId",
  scopeFilter: (scope) => sql<SqlBool>`(${kindergartenFilter(scope, "sa.kindergarten_id")} and ${studentFilter(scope, "sa.student_id")})`,
  writable: { studentId: "student_id", schoolYear: "school_year", time: "time", remark: "remark", classId: "class_id", level: "level" },
  onCreate: () => ({ scores: "{}", total_score: 0, created_at: nowIso(), updated_at: nowIso() }),
  onChange: () => ({ updated_at: nowIso() }),
  hooks: {
    async beforeWrite({ w, scope }, info) {
      const v = info.values;
      const db = trx(w);
      const s = await scoped
        .students(db, scope)
        .innerJoin("classes", "classes.id", "students.class_id")
        .select(["students.id", "students.kindergarten_id", "students.class_id", "classes.level"])
        .where("students.id", "=", v.studentId as number)
        .executeTakeFirst();
      if (!s || Number(s.kindergarten_id) !== info.kindergartenId) throw fieldError("studentId", "tuition:errors.studentNotFound");
      const dup = await db
        .selectFrom("student_assessments")
        .select("id")
        .where("student_id", "=", Number(s.id))
        .where("school_year", "=", v.schoolYear as string)
        .where("time", "=", v.time as never)
        .$if(!!info.existing, (q) => q.where("id", "!=", info.existing!.id))
        .executeTakeFirst();
      if (dup) throw fieldError("time", "assessment:errors.taken");
      v.classId = Number(s.class_id);
      v.level = s.level;
      if (info.existing && (info.existing.level !== s.level || info.existing.time !== v.time))
        await db.updateTable("student_assessments").set({ scores: "{}", total_score: 0 }).where("id", "=", info.existing.id).execute();
    },
    async decorate(db, items: Item[]) {
      const kdb = db as unknown as Kysely<Database>;
      const totals = await levelTotals(kdb);
      // The scores are not part of a row (the item schema drops them): read them to count the scored items.
      const ids = items.map((it) => Number(it.id));
      const stored = await kdb.selectFrom("student_assessments").select(["id", "scores"]).where("id", "in", ids).execute();
      const scoresOf = new Map(stored.map((r) => [Number(r.id), r.scores]));
      for (const it of items) {
        const t = totals.find((x) => x.level === it.level && x.time === it.time);
        it.totalScore = Number(it.totalScore);
        it.maxScore = t?.total ?? 0;
        it.itemCount = t?.items ?? 0;
        it.scored = scoredCount(scoresOf.get(Number(it.id)));
      }
    },
  },
});

import { sql } from "kysely";
import { classes } from "@contract/resources/classes";
import { Role } from "@contract/roles";
import { nowIso } from "@api/db";
import { ApiError, fieldError } from "@api/http";
import { classFilter } from "@api/tenancy";
import { defineMapping, type Item } from "./engine";

/** Classes: table `classes` (+ kindergarten name, student count), teachers in `class_teachers`; max_classes on create. */
export const classesMapping = defineMapping({
  def: classes,
  table: "classes",
  alias: "c",
  from: (db) => db.selectFrom("classes as c").innerJoin("kindergartens as k", "k.id", "c.kindergarten_id"),
  english: { name: "c.name_en", kindergartenName: "k.name_en" },
  columns: {
    id: "c.id",
    name: "c.name",
    nameEn: "c.name_en",
    level: "c.level",
    kindergartenId: "c.kindergarten_id",
    kindergartenName: "k.name",
    studentCount: sql`(select count(*) from students s_c where s_c.class_id = c.id)`,
    createdAt: "c.created_at",
  },
  kindergartenColumn: "kindergarten_id",
  // A teacher sees her classes, a parent his children's (the same rule as everywhere: api/tenancy).
  scopeFilter: (scope) => classFilter(scope, "c.id"),
  writable: { name: "name", nameEn: "name_en", level: "level" },
  onCreate: () => ({ created_at: nowIso() }),
  hooks: {
    async decorate(db, items: Item[]) {
      const rows = await db
        .selectFrom("class_teachers as ct")
        .innerJoin("users as u", "u.id", "ct.user_id")
        .select(["ct.class_id", "u.id", "u.real_name"])
        .where(
          "ct.class_id",
          "in",
          items.map((i) => i.id),
        )
        .orderBy("ct.id")
        .execute();
      for (const item of items) {
        const mine = rows.filter((r: { class_id: unknown }) => Number(r.class_id) === item.id);
        item.teacherIds = mine.map((r: { id: unknown }) => Number(r.id));
        item.teacherNames = mine.map((r: { real_name: unknown }) => String(r.real_name));
      }
    },
    async beforeWrite({ w }, { mode, values, kindergartenId }) {
      const trx = w.trx;
      if (mode === "create" && kindergartenId != null) {
        const kg = await trx.selectFrom("kindergartens").select("max_classes").where("id", "=", kindergartenId).executeTakeFirst();
        const max = Number(kg?.max_classes ?? 0);
        const n = await trx
          .selectFrom("classes")
          .select(sql<number>`count(*)`.as("n"))
          .where("kindergarten_id", "=", kindergartenId)
          .executeTakeFirst();
        if (max > 0 && Number(n?.n ?? 0) >= max) throw fieldError("name", "resources:classes.errors.maxClasses", { count: max });
      }
      const teacherIds = (values.teacherIds as number[] | undefined) ?? [];
      if (teacherIds.length && kindergartenId != null) {
        const ok = await trx
          .selectFrom("users")
          .innerJoin("user_roles", "user_roles.user_id", "users.id")
          .select("users.id")
          .where("users.id", "in", teacherIds)
          .where("users.kindergarten_id", "=", kindergartenId)
          .where("user_roles.role_id", "=", Role.teacher)
          .execute();
        if (new Set(ok.map((r) => Number(r.id))).size !== new Set(teacherIds).size)
          throw fieldError("teacherIds", "resources:classes.errors.teacherNotInKindergarten");
      }
    },
    async afterWrite({ w }, { id, values }) {
      const wanted = [...new Set((values.teacherIds as number[] | undefined) ?? [])];
      const current = await w.trx.selectFrom("class_teachers").select(["id", "user_id"]).where("class_id", "=", id).execute();
      for (const row of current) if (!wanted.includes(Number(row.user_id))) await w.delete("class_teachers", Number(row.id), "unassign");
      for (const userId of wanted)
        if (!current.some((r) => Number(r.user_id) === userId)) await w.insert("class_teachers", { class_id: id, user_id: userId }, "assign");
    },
    async beforeDelete({ w }, item) {
      const n = await w.trx
        .selectFrom("students")
        .select(sql<number>`count(*)`.as("n"))
        .where("class_id", "=", item.id)
        .executeTakeFirst();
      if (Number(n?.n ?? 0) > 0) throw new ApiError(409, "resources:classes.errors.hasStudents", { count: Number(n?.n) });
      const links = await w.trx.selectFrom("class_teachers").select("id").where("class_id", "=", item.id).execute();
      for (const l of links) await w.delete("class_teachers", Number(l.id), "unassign");
      await w.trx.updateTable("users").set({ class_id: null }).where("class_id", "=", item.id).execute();
    },
  },
});

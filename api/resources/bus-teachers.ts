import { sql, type Kysely, type SqlBool } from "kysely";
import { busTeachers } from "@contract/resources/bus-teachers";
import { Role } from "@contract/roles";
import type { Database } from "@api/db/schema";
import { ApiError, fieldError } from "@api/http";
import { kindergartenFilter, userFilter } from "@api/tenancy";
import { defineMapping } from "./engine";
import { userWithRole } from "./expert-teachers";

/** Bus teacher–bus: table `bus_teachers`; the bus of a kindergarten in scope, the teacher (role 8) of the same kindergarten. */
export const busTeachersMapping = defineMapping({
  def: busTeachers,
  table: "bus_teachers",
  alias: "bt",
  from: (db) =>
    db
      .selectFrom("bus_teachers as bt")
      .innerJoin("buses as b", "b.id", "bt.bus_id")
      .innerJoin("users as u", "u.id", "bt.user_id")
      .innerJoin("kindergartens as k", "k.id", "b.kindergarten_id"),
  english: { kindergartenName: "k.name_en" },
  columns: {
    id: "bt.id",
    userId: "bt.user_id",
    teacherName: "u.real_name",
    teacherPhone: "u.phone",
    busId: "bt.bus_id",
    busName: "b.name",
    plateNumber: "b.plate_number",
    kindergartenId: "b.kindergarten_id",
    kindergartenName: "k.name",
  },
  kindergartenColumn: null,
  scopeFilter: (scope) => sql<SqlBool>`(${kindergartenFilter(scope, "b.kindergarten_id")} and ${userFilter(scope, "bt.user_id")})`,
  writable: { userId: "user_id", busId: "bus_id" },
  hooks: {
    async beforeWrite({ w, scope }, { values }) {
      const db = w.trx as unknown as Kysely<Database>;
      const teacher = await userWithRole(
        db,
        scope,
        values.userId as number,
        Role.busTeacher,
        "userId",
        "usermgmt:busTeachers.errors.teacherNotFound",
        "usermgmt:busTeachers.errors.notBusTeacher",
      );
      const bus = await db
        .selectFrom("buses")
        .select(["id", "kindergarten_id"])
        .where("id", "=", values.busId as number)
        .where(kindergartenFilter(scope, "buses.kindergarten_id"))
        .executeTakeFirst();
      if (!bus) throw fieldError("busId", "usermgmt:busTeachers.errors.busNotFound");
      if (teacher.kindergartenId !== Number(bus.kindergarten_id)) throw fieldError("userId", "usermgmt:busTeachers.errors.notSameKindergarten");
      const dup = await db
        .selectFrom("bus_teachers")
        .select("id")
        .where("user_id", "=", values.userId as number)
        .where("bus_id", "=", values.busId as number)
        .executeTakeFirst();
      if (dup) throw new ApiError(409, "usermgmt:busTeachers.errors.duplicate");
    },
  },
});

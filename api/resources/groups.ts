import { sql } from "kysely";
import { groups } from "@contract/resources/groups";
import { nowIso } from "@api/db";
import { ApiError } from "@api/http";
import { groupFilter } from "@api/tenancy";
import { defineMapping } from "./engine";

/** Education groups: table `education_groups` (+ kindergarten count); a group with kindergartens cannot be deleted. */
export const groupsMapping = defineMapping({
  def: groups,
  table: "education_groups",
  alias: "g",
  from: (db) => db.selectFrom("education_groups as g"),
  english: { name: "g.name_en" },
  columns: {
    id: "g.id",
    name: "g.name",
    nameEn: "g.name_en",
    kindergartenCount: sql`(select count(*) from kindergartens k_c where k_c.education_group_id = g.id)`,
    createdAt: "g.created_at",
  },
  kindergartenColumn: null,
  scopeFilter: (scope) => groupFilter(scope, "g.id"),
  writable: { name: "name", nameEn: "name_en" },
  onCreate: () => ({ created_at: nowIso() }),
  hooks: {
    async beforeDelete({ w }, item) {
      const n = await w.trx
        .selectFrom("kindergartens")
        .select(sql<number>`count(*)`.as("n"))
        .where("education_group_id", "=", item.id)
        .executeTakeFirst();
      if (Number(n?.n ?? 0) > 0) throw new ApiError(409, "kgmgmt:groups.errors.hasKindergartens", { name: String(item.name), count: Number(n?.n) });
      const users = await w.trx
        .selectFrom("users")
        .select(sql<number>`count(*)`.as("n"))
        .where("education_group_id", "=", item.id)
        .executeTakeFirst();
      if (Number(users?.n ?? 0) > 0) throw new ApiError(409, "kgmgmt:groups.errors.hasUsers", { name: String(item.name), count: Number(users?.n) });
    },
  },
});

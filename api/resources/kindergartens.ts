import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { DEFAULT_OPTIONAL_FUNCTION } from "@contract/optional-function";
import { EXPIRING_DAYS, kindergartens, remainingDays } from "@contract/resources/kindergartens";
import { nowIso } from "@api/db";
import { ApiError, fieldError } from "@api/http";
import { groupFilter, kindergartenFilter } from "@api/tenancy";
import { defineMapping, type Item } from "./engine";
import { todayCn } from "@contract/school-time";

/** Today at the school as an ISO date. */
const today = () => todayCn();

/** A fresh registration code: 8 upper-case letters and digits (ambiguous ones left out). */
function newRegistrationCode(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  return Array.from(randomBytes(8), (b) => alphabet[b % alphabet.length]).join("");
}

/**
 * Kindergartens (section 3): every field; group name and class count joined; remaining days and the
 * contract status computed from today; registration code unique (generated when empty); max_classes
 * cannot drop below the classes the kindergarten has; a new kindergarten gets its optional-functions row.
 */
export const kindergartensMapping = defineMapping({
  def: kindergartens,
  table: "kindergartens",
  alias: "k",
  from: (db) => db.selectFrom("kindergartens as k").innerJoin("education_groups as g", "g.id", "k.education_group_id"),
  english: { name: "k.name_en", groupName: "g.name_en" },
  columns: {
    id: "k.id",
    name: "k.name",
    nameEn: "k.name_en",
    educationGroupId: "k.education_group_id",
    groupName: "g.name",
    province: "k.province",
    city: "k.city",
    area: "k.area",
    address: "k.address",
    longitude: "k.longitude",
    latitude: "k.latitude",
    contractStart: "k.contract_start",
    contractEnd: "k.contract_end",
    // Sorted by the end date (same order as the days left); the number itself is computed in decorate.
    remainingDays: "k.contract_end",
    // Filterable in SQL as expired / active (`cast(current_date as text)` is an ISO date on both dialects);
    // decorate refines "active" to "expiring" within EXPIRING_DAYS.
    contractStatus: sql`(case when k.contract_end is null then null when k.contract_end < cast(current_date as text) then 'expired' else 'active' end)`,
    maxClasses: "k.max_classes",
    classCount: sql`(select count(*) from classes c_k where c_k.kindergarten_id = k.id)`,
    version: "k.version",
    registrationCode: "k.registration_code",
    createdAt: "k.created_at",
  },
  kindergartenColumn: null,
  scopeFilter: (scope) => kindergartenFilter(scope, "k.id"),
  writable: {
    name: "name",
    nameEn: "name_en",
    educationGroupId: "education_group_id",
    province: "province",
    city: "city",
    area: "area",
    address: "address",
    longitude: "longitude",
    latitude: "latitude",
    contractStart: "contract_start",
    contractEnd: "contract_end",
    maxClasses: "max_classes",
    version: "version",
    registrationCode: "registration_code",
  },
  onCreate: () => ({ created_at: nowIso(), updated_at: nowIso() }),
  onChange: () => ({ updated_at: nowIso() }),
  hooks: {
    decorate(_db, items: Item[]) {
      const day = today();
      for (const item of items) {
        const days = remainingDays(item.contractEnd as string | null, day);
        item.remainingDays = days;
        item.contractStatus = days == null ? null : days < 0 ? "expired" : days <= EXPIRING_DAYS ? "expiring" : "active";
        item.location = [item.province, item.city, item.area].filter((x, i, a) => x && a.indexOf(x) === i).join(" ") || null;
      }
    },
    async beforeWrite({ w, scope }, { mode, values, existing }) {
      const trx = w.trx;
      // The group must exist and be within the caller's reach.
      const group = await trx
        .selectFrom("education_groups")
        .select("id")
        .where("id", "=", Number(values.educationGroupId))
        .where(groupFilter(scope, "education_groups.id"))
        .executeTakeFirst();
      if (!group) throw fieldError("educationGroupId", "kgmgmt:kindergartens.errors.groupNotFound");
      // Registration code: unique; generated when left empty (kept when editing with it empty).
      let code = (values.registrationCode as string | null | undefined) || null;
      if (!code && mode === "change" && existing) code = String(existing.registrationCode);
      if (!code) {
        do code = newRegistrationCode();
        while (await trx.selectFrom("kindergartens").select("id").where("registration_code", "=", code).executeTakeFirst());
      } else {
        let q = trx
          .selectFrom("kindergartens")
          .select("id")
          .where(sql`upper(registration_code)`, "=", code.toUpperCase());
        if (existing) q = q.where("id", "!=", existing.id);
        if (await q.executeTakeFirst()) throw fieldError("registrationCode", "kgmgmt:kindergartens.errors.registrationCodeTaken", { code });
      }
      values.registrationCode = code;
      // The maximum number of classes cannot drop below the classes that exist (0 = no limit).
      if (mode === "change" && existing) {
        const max = Number(values.maxClasses ?? 0);
        const n = await trx
          .selectFrom("classes")
          .select(sql<number>`count(*)`.as("n"))
          .where("kindergarten_id", "=", existing.id)
          .executeTakeFirst();
        const count = Number(n?.n ?? 0);
        if (max > 0 && max < count) throw fieldError("maxClasses", "kgmgmt:kindergartens.errors.maxClassesBelowCount", { count, max });
      }
    },
    async afterWrite({ w }, { mode, id }) {
      if (mode !== "create") return;
      const row: Record<string, unknown> = { kindergarten_id: id };
      for (const [k, v] of Object.entries(DEFAULT_OPTIONAL_FUNCTION)) row[k] = typeof v === "boolean" ? (v ? 1 : 0) : v;
      await w.insert("optional_functions", row as never);
    },
    async beforeDelete({ w }, item) {
      const trx = w.trx;
      const count = async (table: "classes" | "students" | "users") =>
        Number(
          (
            await trx
              .selectFrom(table)
              .select(sql<number>`count(*)`.as("n"))
              .where("kindergarten_id", "=", item.id)
              .executeTakeFirst()
          )?.n ?? 0,
        );
      const [classes, students, users] = [await count("classes"), await count("students"), await count("users")];
      if (classes || students || users) throw new ApiError(409, "kgmgmt:kindergartens.errors.notEmpty", { name: String(item.name), classes, students, users });
      for (const t of ["optional_functions", "punch_settings", "places"] as const) {
        const rows = await trx.selectFrom(t).select("id").where("kindergarten_id", "=", item.id).execute();
        for (const r of rows) await w.delete(t, Number(r.id));
      }
    },
  },
});

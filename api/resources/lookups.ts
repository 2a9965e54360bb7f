import { sql } from "kysely";
import { labelWithNote, localName } from "@contract/format";
import { Role } from "@contract/roles";
import { allFormFields, visibleFor, type Action, type OptionSource, type ResourceDefinition } from "@contract/resource";
import { RESOURCES } from "@contract/resources";
import { MAX_INT } from "@contract/limits";
import type { Lang } from "@contract/settings";
import type { Deps } from "@api/context";
import type { Db } from "@api/db";
import { makeGuards } from "@api/auth/guards";
import { forbidden } from "@api/http";
import { classFilter, kindergartenFilter, studentFilter, userFilter, type Scope } from "@api/tenancy";

export interface LookupOption {
  value: number;
  label: string;
}
/** Labels are in the caller's language (`lang` header): English names where they exist, brackets of the language. */
export type Lookup = (db: Db, scope: Scope, params: URLSearchParams, lang: Lang) => Promise<LookupOption[]>;

/** A numeric filter parameter; past MAX_INT no row can match (and PostgreSQL would refuse the comparison). */
const num = (v: string | null) => (v && /^\d{1,10}$/.test(v) && Number(v) <= MAX_INT ? Number(v) : v && /^\d+$/.test(v) ? -1 : null);

/**
 * Named option lists for selects (`{ lookup: "<name>" }` in a definition) for entities that have no
 * resource yet; every registered resource is also a lookup of its own name. Always scoped by api/tenancy.
 */
export const LOOKUPS: Record<string, Lookup> = {
  async kindergartens(db, scope, _params, lang) {
    const rows = await db
      .selectFrom("kindergartens")
      .select(["id", "name", "name_en"])
      .where(kindergartenFilter(scope, "kindergartens.id"))
      .orderBy("id")
      .execute();
    return rows.map((r) => ({ value: Number(r.id), label: localName(lang, r.name, r.name_en) }));
  },
  /** Users with the teacher role (3), optionally of one kindergarten (`kindergartenId`). */
  async teachers(db, scope, params, lang) {
    let qb = db
      .selectFrom("users")
      .select(["users.id", "users.real_name", "users.phone"])
      .where("users.id", "in", db.selectFrom("user_roles").select("user_id").where("role_id", "=", Role.teacher))
      .where(userFilter(scope, "users.id"))
      .where(kindergartenFilter(scope, "users.kindergarten_id"));
    const kg = num(params.get("kindergartenId"));
    if (kg != null) qb = qb.where("users.kindergarten_id", "=", kg);
    const rows = await qb.orderBy("users.real_name").orderBy("users.id").execute();
    return rows.map((r) => ({ value: Number(r.id), label: labelWithNote(lang, r.real_name, r.phone.slice(-4)) }));
  },
  /** Education groups the caller reaches (platform: all; others: the session's group). */
  async educationGroups(db, scope, _params, lang) {
    let qb = db.selectFrom("education_groups").select(["id", "name", "name_en"]);
    if (scope.reach !== "platform") qb = qb.where("id", "=", scope.educationGroupId ?? -1);
    const rows = await qb.orderBy("id").execute();
    return rows.map((r) => ({ value: Number(r.id), label: localName(lang, r.name, r.name_en) }));
  },
  /** Users holding `roleId` whom the caller may see, optionally of one kindergarten (`kindergartenId`). */
  async usersByRole(db, scope, params, lang) {
    const role = num(params.get("roleId"));
    if (role == null) return [];
    let qb = db
      .selectFrom("users")
      .select(["users.id", "users.real_name", "users.phone"])
      .where("users.id", "in", db.selectFrom("user_roles").select("user_id").where("role_id", "=", role))
      .where(userFilter(scope, "users.id"));
    const kg = num(params.get("kindergartenId"));
    if (kg != null) qb = qb.where("users.kindergarten_id", "=", kg);
    const rows = await qb.orderBy("users.real_name").orderBy("users.id").limit(5000).execute();
    return rows.map((r) => ({ value: Number(r.id), label: labelWithNote(lang, r.real_name, r.phone.slice(-4)) }));
  },
  /** Students the caller may see (api/tenancy studentFilter), optionally of one kindergarten. */
  async studentOptions(db, scope, params, lang) {
    let qb = db
      .selectFrom("students")
      .leftJoin("classes", "classes.id", "students.class_id")
      .select(["students.id", "students.name", "classes.name as class_name", "classes.name_en as class_name_en"])
      .where(studentFilter(scope, "students.id"));
    const kg = num(params.get("kindergartenId"));
    if (kg != null) qb = qb.where("students.kindergarten_id", "=", kg);
    const rows = await qb.orderBy("classes.name").orderBy("students.name").orderBy("students.id").limit(5000).execute();
    return rows.map((r) => ({ value: Number(r.id), label: labelWithNote(lang, r.name, r.class_name && localName(lang, r.class_name, r.class_name_en)) }));
  },
  /** Buses of the kindergartens the caller reaches. */
  async busOptions(db, scope, params) {
    let qb = db.selectFrom("buses").select(["id", "name"]).where(kindergartenFilter(scope, "buses.kindergarten_id"));
    const kg = num(params.get("kindergartenId"));
    if (kg != null) qb = qb.where("kindergarten_id", "=", kg);
    const rows = await qb.orderBy("id").execute();
    return rows.map((r) => ({ value: Number(r.id), label: r.name }));
  },
  /** Classes the caller may see, optionally of one kindergarten. */
  async classOptions(db, scope, params, lang) {
    let qb = db.selectFrom("classes").select(["id", "name", "name_en"]).where(classFilter(scope, "classes.id"));
    const kg = num(params.get("kindergartenId"));
    if (kg != null) qb = qb.where("kindergarten_id", "=", kg);
    const rows = await qb.orderBy(sql.ref("name")).orderBy("id").execute();
    return rows.map((r) => ({ value: Number(r.id), label: localName(lang, r.name, r.name_en) }));
  },
};

/** Where a lookup is used: the list of the resource of that name, and the selects of forms and filters naming it. */
interface LookupUse {
  def: ResourceDefinition;
  actions: Action[];
  /** The select's own roles (a field shown only to some roles serves only them). */
  roles?: readonly number[];
}

const lookupOf = (options: OptionSource | undefined) => (options && "lookup" in options ? options.lookup : undefined);

/** Every use of `name`, read off the resource definitions (never a second list of roles). */
export function lookupUses(name: string): LookupUse[] {
  const uses: LookupUse[] = [];
  for (const def of Object.values(RESOURCES)) {
    if (def.name === name) uses.push({ def, actions: ["list"] });
    for (const f of allFormFields(def)) if (lookupOf(f.options) === name) uses.push({ def, actions: ["create", "change"], roles: f.roles });
    for (const f of def.filters ?? []) if (lookupOf(f.options) === name) uses.push({ def, actions: ["list"], roles: f.roles });
  }
  return uses;
}

/**
 * `GET lookups/{name}/` answers whom one of its uses answers: the page and role list of that resource's list,
 * or of the form or filter whose select it fills (api/auth/guards mayUse). Anyone else gets 403, as on the page.
 */
export function makeLookupGuard(deps: Deps) {
  const { mayUse } = makeGuards(deps);
  return async function assertLookup(scope: Scope, name: string) {
    for (const use of lookupUses(name)) {
      if (!visibleFor(use.roles as never, scope.roleId)) continue;
      for (const action of use.actions) if (await mayUse(scope, use.def, action)) return;
    }
    throw forbidden();
  };
}

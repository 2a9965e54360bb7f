import { createRoute, z } from "@hono/zod-openapi";
import { Role, type RoleId } from "@contract/roles";
import type { App, Deps } from "@api/context";
import { count, type Db } from "@api/db";
import { ok } from "@api/http";
import { makeGuards, scopeOf } from "@api/auth/guards";
import { scoped, switchableKindergartens, type Scope } from "@api/tenancy";
import { jsonReply, tokenHeader } from "./common";
import { attentionFor } from "@api/home/attention";
import { addDays, todayCn } from "@contract/school-time";

/**
 * GET home/summary — the figures and to-dos of the console's home page, for the caller's role and
 * reach (every count goes through the tenancy filters of api/tenancy, never a raw table count).
 * data = { cards: [{ key, value }], todos: [{ key, count, path }] }; `path` is the console page that
 * deals with the to-do, or null when the caller may not open it.
 */
const summarySchema = z
  .object({
    cards: z.array(z.object({ key: z.string(), value: z.number().int() })),
    todos: z.array(z.object({ key: z.string(), count: z.number().int(), path: z.string().nullable() })),
  })
  .openapi("HomeSummary");

type Card = { key: string; value: number };
type Todo = { key: string; count: number; path: string | null };

// Any Kysely select builder: its expression builder's type differs per table, so it is left open here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function n(q: { select: (f: (eb: any) => any) => { executeTakeFirst: () => Promise<unknown> } }): Promise<number> {
  const row = (await q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst()) as { n?: unknown } | undefined;
  return count(row?.n);
}

const usersWithRole = (db: Db, role: RoleId) => db.selectFrom("user_roles").select("user_roles.user_id").where("user_roles.role_id", "=", role);

function counters(db: Db, scope: Scope) {
  const students = () => scoped.students(db, scope);
  const atSchool = () => students().where("students.status", "=", "at_school");
  return {
    groups: async () => (scope.reach === "platform" ? n(db.selectFrom("education_groups")) : scope.educationGroupId != null ? 1 : 0),
    kindergartens: () => n(scoped.kindergartens(db, scope)),
    classes: () => n(scoped.classes(db, scope)),
    students: () => n(atSchool()),
    users: () => n(scoped.users(db, scope)),
    teachers: () => n(scoped.users(db, scope).where("users.id", "in", usersWithRole(db, Role.teacher))),
    parents: () => n(scoped.users(db, scope).where("users.id", "in", usersWithRole(db, Role.parent))),
    places: () => n(db.selectFrom("places").where("places.kindergarten_id", "in", scoped.kindergartens(db, scope).select("kindergartens.id"))),
    buses: () =>
      n(
        scope.roleId === Role.busTeacher
          ? db.selectFrom("bus_teachers").where("bus_teachers.user_id", "=", scope.userId)
          : db.selectFrom("buses").where("buses.kindergarten_id", "in", scoped.kindergartens(db, scope).select("kindergartens.id")),
      ),
    busStudents: () => n(atSchool().where("students.bus_id", "is not", null)),
    boundTeachers: () => n(db.selectFrom("expert_teachers").where("expert_teachers.expert_id", "=", scope.userId)),
    allergies: () => n(atSchool().where("students.allergies", "is not", null).where("students.allergies", "!=", "")),
    preparatory: () => n(students().where("students.status", "=", "preparatory")),
    suspended: () => n(students().where("students.status", "=", "suspended")),
    withoutParent: () => n(atSchool().where("students.id", "not in", db.selectFrom("student_parents").select("student_parents.student_id"))),
    classesWithoutTeacher: () => n(scoped.classes(db, scope).where("classes.id", "not in", db.selectFrom("class_teachers").select("class_teachers.class_id"))),
    disabledUsers: () => n(scoped.users(db, scope).where("users.enabled", "=", 0)),
    busesWithoutTeacher: () =>
      n(
        db
          .selectFrom("buses")
          .where("buses.kindergarten_id", "in", scoped.kindergartens(db, scope).select("kindergartens.id"))
          .where("buses.teacher1_id", "is", null)
          .where("buses.teacher2_id", "is", null),
      ),
    kindergartensExpiring: () => {
      const today = todayCn();
      const soon = addDays(today, 30);
      return n(scoped.kindergartens(db, scope).where("kindergartens.contract_end", ">=", today).where("kindergartens.contract_end", "<=", soon));
    },
  };
}

type Counters = ReturnType<typeof counters>;
type Plan = { cards: Array<[string, keyof Counters | (() => Promise<number>)]>; todos: Array<[string, keyof Counters, string]> };

function planFor(role: RoleId, deps: Deps, scope: Scope): Plan {
  switch (role) {
    case Role.superAdmin:
      return {
        cards: [
          ["groups", "groups"],
          ["kindergartens", "kindergartens"],
          ["classes", "classes"],
          ["students", "students"],
          ["users", "users"],
        ],
        todos: [
          ["kindergartensExpiring", "kindergartensExpiring", "/kindergarten/kindergarten"],
          ["disabledUsers", "disabledUsers", "/user/userAdministration"],
        ],
      };
    case Role.groupLeader:
    case Role.bureauLeader:
    case Role.groupAdmissionsTeacher:
      return {
        cards: [
          ["kindergartens", "kindergartens"],
          ["classes", "classes"],
          ["students", "students"],
          ["teachers", "teachers"],
        ],
        todos: [],
      };
    case Role.groupAdmin:
      return {
        cards: [
          ["kindergartens", "kindergartens"],
          ["classes", "classes"],
          ["students", "students"],
          ["teachers", "teachers"],
          ["parents", "parents"],
        ],
        todos: [
          ["studentsWithoutParent", "withoutParent", "/user/studentParent"],
          ["disabledUsers", "disabledUsers", "/user/userAdministration"],
        ],
      };
    case Role.kindergartenAdmin:
      return {
        cards: [
          ["classes", "classes"],
          ["students", "students"],
          ["teachers", "teachers"],
          ["parents", "parents"],
          ["buses", "buses"],
          ["places", "places"],
        ],
        todos: [
          ["studentsPreparatory", "preparatory", "/student/studentFile"],
          ["studentsWithoutParent", "withoutParent", "/user/studentParent"],
          ["classesWithoutTeacher", "classesWithoutTeacher", "/kindergarten/class"],
          ["busesWithoutTeacher", "busesWithoutTeacher", "/bus/schoolBus"],
        ],
      };
    case Role.principal:
      return {
        cards: [
          ["classes", "classes"],
          ["students", "students"],
          ["teachers", "teachers"],
          ["parents", "parents"],
          ["buses", "buses"],
        ],
        todos: [
          ["studentsPreparatory", "preparatory", "/student/studentFile"],
          ["studentsSuspended", "suspended", "/student/studentFile"],
          ["classesWithoutTeacher", "classesWithoutTeacher", "/kindergarten/class"],
        ],
      };
    case Role.teacher:
      return {
        cards: [
          ["myClasses", "classes"],
          ["myStudents", "students"],
          ["allergies", "allergies"],
        ],
        todos: [
          ["allergyStudents", "allergies", "/student/studentFile"],
          ["studentsWithoutParent", "withoutParent", "/student/studentFile"],
        ],
      };
    case Role.parent:
      return { cards: [["children", "students"]], todos: [] };
    case Role.expert:
      return {
        cards: [
          ["boundTeachers", "boundTeachers"],
          ["classes", "classes"],
          ["students", "students"],
        ],
        todos: [],
      };
    case Role.doctor:
      return {
        cards: [
          ["boundStudents", "students"],
          ["allergies", "allergies"],
        ],
        todos: [["allergyStudents", "allergies", "/student/studentFile"]],
      };
    case Role.busTeacher:
      return {
        cards: [
          ["buses", "buses"],
          ["busStudents", "busStudents"],
        ],
        todos: [],
      };
    case Role.subjectTeacher:
      return {
        cards: [
          ["myKindergartens", async () => (await switchableKindergartens(deps.db, scope.userId, scope.roleId)).length],
          ["classes", "classes"],
          ["students", "students"],
        ],
        todos: [],
      };
    case Role.admissionsTeacher:
    case Role.finance:
      return {
        cards: [
          ["classes", "classes"],
          ["students", "students"],
        ],
        todos: [["studentsPreparatory", "preparatory", "/student/studentFile"]],
      };
    default:
      return { cards: [], todos: [] };
  }
}

export function registerHomeRoutes(app: App, deps: Deps) {
  const { requireAuth, canSeePage } = makeGuards(deps);
  app.openapi(
    createRoute({
      method: "get",
      path: "/home/summary",
      operationId: "getHomeSummary",
      tags: ["home"],
      summary: "Figures and to-dos of the console home page for the caller's role and reach",
      security: tokenHeader,
      middleware: [requireAuth] as const,
      responses: jsonReply(summarySchema),
    }),
    async (c) => {
      const scope = scopeOf(c);
      const counter = counters(deps.db, scope);
      const plan = planFor(scope.roleId, deps, scope);
      const cards: Card[] = [];
      for (const [key, source] of plan.cards) {
        cards.push({ key, value: typeof source === "function" ? await source() : await counter[source]() });
      }
      const todos: Todo[] = [];
      for (const [key, source, path] of plan.todos) {
        const value = await counter[source]();
        todos.push({ key, count: value, path: (await canSeePage(scope, path)) ? path : null });
      }
      // The registry of "needs attention today" (api/home/attention.ts: one entry per kind of item, keys namespaced).
      todos.push(...(await attentionFor(deps.db, scope, canSeePage)));
      return ok(c, { cards, todos });
    },
  );
}

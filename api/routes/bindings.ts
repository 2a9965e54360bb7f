import { createRoute, z } from "@hono/zod-openapi";
import { sql } from "kysely";
import { kindergartenItemSchema, pageSchema } from "@contract/api";
import { localName } from "@contract/format";
import { Role } from "@contract/roles";
import { bindingListQuerySchema, kindergartenBindingFormSchema, kindergartenBindingSchema } from "@contract/entities/bindings";
import type { App, Deps } from "@api/context";
import { write } from "@api/db/audit";
import { nowIso } from "@api/db";
import { ApiError, conflict, fieldError, langOf, notFound, ok } from "@api/http";
import type { Lang } from "@api/i18n";
import { makeGuards, scopeOf } from "@api/auth/guards";
import { assertInScope, kindergartenFilter, scoped, switchableKindergartens, userFilter } from "@api/tenancy";
import { formBody, idParam, jsonReply, tokenHeader } from "./common";

type BindingTable = "principal_kindergartens" | "pro_teacher_kindergartens";

interface Kind {
  table: BindingTable;
  /** URL segment of section 7. */
  segment: "principals" | "pro_teachers";
  page: string;
  role: typeof Role.principal | typeof Role.subjectTeacher;
  lacksRoleKey: string;
  tag: string;
}

/** principals → Principals, pro_teachers → ProTeachers (operation ids such as listPrincipalsKindergartens). */
const opName = (segment: string) => segment.replace(/(^|_)([a-z])/g, (_m, _u, ch: string) => ch.toUpperCase());

const KINDS: Kind[] = [
  {
    table: "principal_kindergartens",
    segment: "principals",
    page: "/user/principal",
    role: Role.principal,
    lacksRoleKey: "binding.userLacksPrincipalRole",
    tag: "principal–kindergarten",
  },
  {
    table: "pro_teacher_kindergartens",
    segment: "pro_teachers",
    page: "/user/proTeacher",
    role: Role.subjectTeacher,
    lacksRoleKey: "binding.userLacksProTeacherRole",
    tag: "subject teacher–kindergarten",
  },
];

const SORTS = {
  id: "b.id",
  realName: "u.real_name",
  kindergartenName: "k.name",
} as const;

export function registerBindingRoutes(app: App, deps: Deps) {
  const { db } = deps;
  const { requireAuth, requirePage, assertPage } = makeGuards(deps);

  for (const kind of KINDS) {
    const base = `/users/${kind.segment}/kindergartens/`;

    async function list(scope: ReturnType<typeof scopeOf>, q: z.infer<typeof bindingListQuerySchema>, lang: Lang) {
      // Both the bound user and the kindergarten must lie in the caller's scope.
      let qb = db
        .selectFrom(`${kind.table} as b` as "principal_kindergartens as b")
        .innerJoin("users as u", "u.id", "b.user_id")
        .innerJoin("kindergartens as k", "k.id", "b.kindergarten_id")
        .where(kindergartenFilter(scope, "b.kindergarten_id"))
        .where(userFilter(scope, "b.user_id"));
      if (q.userId) qb = qb.where("b.user_id", "=", q.userId);
      if (q.kindergartenId) qb = qb.where("b.kindergarten_id", "=", q.kindergartenId);
      if (q.keyword) {
        const like = `%${q.keyword.replace(/[%_\\]/g, (m) => "\\" + m)}%`;
        qb = qb.where((eb) =>
          eb.or([
            eb("u.real_name", "like", sql<string>`${like} escape '\\'`),
            eb("u.phone", "like", sql<string>`${like} escape '\\'`),
            eb("k.name", "like", sql<string>`${like} escape '\\'`),
          ]),
        );
      }
      const total = await qb.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst();
      const sort = q.sort ?? "id";
      const desc = sort.startsWith("-");
      const col = SORTS[sort.replace(/^-/, "") as keyof typeof SORTS];
      const rows = await qb
        .select(["b.id", "b.user_id", "u.real_name", "u.phone", "b.kindergarten_id", "k.name as kindergarten_name", "k.name_en as kindergarten_name_en"])
        .orderBy(sql.ref(col), desc ? "desc" : "asc")
        .orderBy("b.id", "asc")
        .limit(q.pageSize)
        .offset((q.currentPage - 1) * q.pageSize)
        .execute();
      return {
        list: rows.map((r) => ({
          id: Number(r.id),
          userId: Number(r.user_id),
          realName: r.real_name,
          phone: r.phone,
          kindergartenId: Number(r.kindergarten_id),
          kindergartenName: localName(lang, r.kindergarten_name, r.kindergarten_name_en),
        })),
        total: Number(total?.n ?? 0),
        currentPage: q.currentPage,
        pageSize: q.pageSize,
      };
    }

    const listItem = kind.role === Role.subjectTeacher ? z.union([kindergartenBindingSchema, kindergartenItemSchema]) : kindergartenBindingSchema;
    app.openapi(
      createRoute({
        method: "get",
        path: base,
        operationId: `list${opName(kind.segment)}Kindergartens`,
        tags: [kind.tag],
        summary: `List ${kind.tag} bindings (role 6, page ${kind.page})`,
        description:
          kind.role === Role.subjectTeacher
            ? "Role 6: the bindings. Any logged-in role 1 or 11 user: his OWN switchable kindergartens as {id, kindergartenName} items (the console's kindergarten switcher asks currentPage=1&pageSize=10000)."
            : undefined,
        security: tokenHeader,
        middleware: [requireAuth] as const,
        request: { query: bindingListQuerySchema },
        responses: jsonReply(pageSchema(listItem)),
      }),
      async (c) => {
        const scope = scopeOf(c);
        const q = c.req.valid("query");
        if (kind.role === Role.subjectTeacher && (scope.roleId === Role.principal || scope.roleId === Role.subjectTeacher)) {
          const lang = langOf(c);
          const all = (await switchableKindergartens(db, scope.userId, scope.roleId)).map((k) => ({
            id: k.id,
            kindergartenName: localName(lang, k.kindergartenName, k.nameEn),
          }));
          const start = (q.currentPage - 1) * q.pageSize;
          return ok(c, { list: all.slice(start, start + q.pageSize), total: all.length, currentPage: q.currentPage, pageSize: q.pageSize });
        }
        await assertPage(scope, kind.page);
        return ok(c, await list(scope, q, langOf(c)));
      },
    );

    app.openapi(
      createRoute({
        method: "post",
        path: base,
        operationId: `create${opName(kind.segment)}Kindergartens`,
        tags: [kind.tag],
        summary: `Bind a user (role ${kind.role}) to a kindergarten (role 6, page ${kind.page})`,
        description:
          "Form fields userId, kindergartenId. 404 when either lies outside the caller's scope; 422 when the user lacks the role; 409 when the binding exists.",
        security: tokenHeader,
        middleware: [requirePage(kind.page)] as const,
        request: formBody(kindergartenBindingFormSchema),
        responses: jsonReply(kindergartenBindingSchema),
      }),
      async (c) => {
        const scope = scopeOf(c);
        const form = c.req.valid("form");
        const user = await scoped.users(db, scope).select(["id", "real_name", "phone"]).where("id", "=", form.userId).executeTakeFirst();
        if (!user) throw fieldError("userId", "binding.userNotFound");
        const kg = await scoped.kindergartens(db, scope).select(["id", "name"]).where("id", "=", form.kindergartenId).executeTakeFirst();
        if (!kg) throw fieldError("kindergartenId", "binding.kindergartenNotFound");
        const hasRole = await db.selectFrom("user_roles").select("id").where("user_id", "=", user.id).where("role_id", "=", kind.role).executeTakeFirst();
        if (!hasRole) throw fieldError("userId", kind.lacksRoleKey);
        const id = await write(db, { userId: scope.userId, roleId: scope.roleId }, async (w) => {
          const dup = await w.trx.selectFrom(kind.table).select("id").where("user_id", "=", user.id).where("kindergarten_id", "=", kg.id).executeTakeFirst();
          if (dup) throw conflict("binding.duplicate");
          return w.insert(kind.table, { user_id: user.id, kindergarten_id: kg.id, created_at: nowIso() });
        }).catch((e: unknown) => {
          // A concurrent duplicate trips the unique constraint.
          if (e instanceof ApiError) throw e;
          if (/unique|duplicate/i.test(String((e as Error)?.message))) throw conflict("binding.duplicate");
          throw e;
        });
        return ok(
          c,
          { id, userId: Number(user.id), realName: user.real_name, phone: user.phone, kindergartenId: Number(kg.id), kindergartenName: kg.name },
          "binding.created",
        );
      },
    );

    app.openapi(
      createRoute({
        method: "delete",
        path: `${base}{id}/`,
        operationId: `delete${opName(kind.segment)}Kindergartens`,
        tags: [kind.tag],
        summary: `Remove a ${kind.tag} binding (role 6, page ${kind.page})`,
        security: tokenHeader,
        middleware: [requirePage(kind.page)] as const,
        request: { params: idParam },
        responses: jsonReply(z.null()),
      }),
      async (c) => {
        const scope = scopeOf(c);
        const { id } = c.req.valid("param");
        const row = await db.selectFrom(kind.table).select(["id", "user_id", "kindergarten_id"]).where("id", "=", id).executeTakeFirst();
        if (!row) throw notFound();
        await assertInScope.kindergarten(db, scope, row.kindergarten_id);
        await assertInScope.user(db, scope, row.user_id);
        await write(db, { userId: scope.userId, roleId: scope.roleId }, (w) => w.delete(kind.table, id));
        return ok(c, null, "binding.deleted");
      },
    );
  }
}

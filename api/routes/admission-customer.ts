import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { App, AppEnv, Deps } from "@api/context";
import { makeGuards, scopeOf } from "@api/auth/guards";
import { notFound, ok, pathId, run, wholeList } from "@api/http";
import { kindergartenFilter } from "@api/tenancy";
import { envelope, idParam, tokenHeader } from "./common";
import { customerTimelineEntrySchema, type CustomerTimelineEntry } from "@contract/entities/customer-timeline";

const CUSTOMERS_PAGE = "/admission/customerList";

/**
 * `GET admission/customers/{id}/timeline/`: what happened with one customer — communication records and
 * appointments, newest first (the customer's stage changes are its `history`). For every role of the customer page,
 * including those who do not see the communication and appointment pages themselves (principal, group leader).
 */
export function registerCustomerTimeline(app: App, deps: Deps) {
  const { db } = deps;
  const { requireAuth, requirePage } = makeGuards(deps);
  app.openAPIRegistry.registerPath({
    method: "get",
    path: "/admission/customers/{id}/timeline/",
    operationId: "admissionCustomerTimeline",
    tags: ["admission"],
    summary: "A customer's communication records and appointments, newest first (roles 1, 9, 12, 16)",
    security: tokenHeader,
    request: { params: idParam },
    responses: {
      200: { description: "code 200", content: { "application/json": { schema: envelope(z.object({ list: z.array(customerTimelineEntrySchema) })) } } },
    },
  });
  app.get(
    "/admission/customers/:id{[0-9]+}/timeline/",
    requireAuth,
    requirePage(CUSTOMERS_PAGE),
    run(async (c: Context<AppEnv>) => {
      const id = pathId(c);
      const customer = await db
        .selectFrom("admission_customers")
        .select("id")
        .where("id", "=", id)
        .where(kindergartenFilter(scopeOf(c), "admission_customers.kindergarten_id"))
        .executeTakeFirst();
      if (!customer) throw notFound();
      const [talks, visits] = await Promise.all([
        db
          .selectFrom("admission_communications as cm")
          .leftJoin("users as u", "u.id", "cm.created_by")
          .select(["cm.id", "cm.date", "cm.method", "cm.content", "cm.next_step", "cm.created_at", "u.real_name"])
          .where("cm.customer_id", "=", id)
          .execute(),
        db
          .selectFrom("admission_appointments as ap")
          .leftJoin("users as u", "u.id", "ap.teacher_user_id")
          .select(["ap.id", "ap.date", "ap.time", "ap.kind", "ap.status", "ap.remarks", "u.real_name"])
          .where("ap.customer_id", "=", id)
          .execute(),
      ]);
      const list: CustomerTimelineEntry[] = [
        ...talks.map((r) => ({
          kind: "communication" as const,
          id: Number(r.id),
          date: r.date,
          time: null,
          type: r.method,
          status: null,
          text: r.content,
          nextStep: r.next_step,
          byName: r.real_name,
        })),
        ...visits.map((r) => ({
          kind: "appointment" as const,
          id: Number(r.id),
          date: r.date,
          time: r.time,
          type: r.kind,
          status: r.status,
          text: r.remarks,
          nextStep: null,
          byName: r.real_name,
        })),
      ];
      list.sort((a, b) => `${b.date} ${b.time ?? "99:99"}`.localeCompare(`${a.date} ${a.time ?? "99:99"}`) || b.id - a.id);
      return ok(c, wholeList(list));
    }),
  );
}

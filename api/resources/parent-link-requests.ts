import type { Kysely } from "kysely";
import { parentLinkRequests } from "@contract/resources/parent-link-requests";
import { Role } from "@contract/roles";
import { registerAttention } from "@api/home/attention";
import type { Deps } from "@api/context";
import { nowIso } from "@api/db";
import type { Database } from "@api/db/schema";
import { t } from "@api/i18n";
import { studentFilter } from "@api/tenancy";
import { SmsSendError } from "@api/services/sms";
import { defineMapping, type ActionHook, type WriteContext } from "./engine";

type Decision = "approved" | "refused";

/**
 * The parent hears of the decision by SMS (the phone he verified at registration) and on his Home page. A failed
 * message is logged, never a reason to undo the decision.
 */
async function tellParent(deps: Deps, phone: string, child: string, decision: Decision) {
  const key = decision === "approved" ? "register.linkApprovedSms" : "register.linkRefusedSms";
  try {
    await deps.sms.send({ phone, purpose: `link_${decision}`, content: t("zh", key, { child }), params: { child } });
  } catch (e) {
    if (!(e instanceof SmsSendError)) throw e;
    console.error(`[sms] ${deps.sms.name} provider failed for a link ${decision} notice: ${e.message}`);
  }
}

/** The review columns of either decision; approving also writes the binding (unless an admin bound them meanwhile). */
function decide(decision: Decision): ActionHook {
  return {
    async run({ w, scope, deps }: WriteContext, item, { comment }) {
      const db = w.trx as unknown as Kysely<Database>;
      // Claim the pending row first (PostgreSQL locks it): of two reviewers at once the second finds it decided, writes
      // and tells nothing, and the engine's conditional update answers her 409.
      const claim = await db
        .updateTable("parent_link_requests")
        .set({ reviewed_by: scope.userId })
        .where("id", "=", item.id)
        .where("status", "=", "pending")
        .executeTakeFirst();
      if (Number(claim.numUpdatedRows) !== 1) return {};
      const req = await db
        .selectFrom("parent_link_requests as r")
        .innerJoin("users as p", "p.id", "r.parent_id")
        .innerJoin("students as s", "s.id", "r.student_id")
        .select(["r.student_id", "r.parent_id", "p.phone", "s.name"])
        .where("r.id", "=", item.id)
        .executeTakeFirstOrThrow();
      if (decision === "approved") {
        const bound = await db
          .selectFrom("student_parents")
          .select("id")
          .where("student_id", "=", req.student_id)
          .where("parent_id", "=", req.parent_id)
          .executeTakeFirst();
        if (!bound) await w.insert("student_parents", { student_id: req.student_id, parent_id: req.parent_id, relationship: null }, "approveLink");
      }
      await tellParent(deps, req.phone, req.name, decision);
      return { patch: { reviewed_by: scope.userId, reviewed_at: nowIso(), review_comment: comment } };
    },
  };
}

/** Parent link requests: table `parent_link_requests`; a reviewer sees the requests for the students of her reach. */
export const parentLinkRequestsMapping = defineMapping({
  def: parentLinkRequests,
  table: "parent_link_requests",
  alias: "r",
  from: (db) =>
    db
      .selectFrom("parent_link_requests as r")
      .innerJoin("students as s", "s.id", "r.student_id")
      .innerJoin("users as p", "p.id", "r.parent_id")
      .leftJoin("classes as c", "c.id", "r.class_id")
      .leftJoin("users as ru", "ru.id", "r.reviewed_by"),
  english: { className: "c.name_en" },
  columns: {
    id: "r.id",
    studentId: "r.student_id",
    studentName: "s.name",
    classId: "r.class_id",
    className: "c.name",
    parentId: "r.parent_id",
    parentName: "p.real_name",
    parentPhone: "p.phone",
    status: "r.status",
    reviewComment: "r.review_comment",
    reviewedByName: "ru.real_name",
    reviewedAt: "r.reviewed_at",
    createdAt: "r.created_at",
    kindergartenId: "r.kindergarten_id",
  },
  kindergartenColumn: "kindergarten_id",
  scopeFilter: (scope) => studentFilter(scope, "r.student_id"),
  writable: {},
  actionHooks: { approve: decide("approved"), refuse: decide("refused") },
});

// Home and /daily/updates: the requests waiting for this reviewer (her classes; the admin's kindergarten).
registerAttention({
  key: "usermgmt:parentRequests.attention",
  roles: [Role.teacher, Role.kindergartenAdmin],
  path: "/student/parentRequests",
  count: async (db, scope) =>
    Number(
      (
        await db
          .selectFrom("parent_link_requests as r")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("r.status", "=", "pending")
          .where(studentFilter(scope, "r.student_id"))
          .executeTakeFirst()
      )?.n ?? 0,
    ),
});

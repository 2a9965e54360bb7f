import { createRoute, z } from "@hono/zod-openapi";
import { LINK_REQUEST_STATUSES } from "@contract/resources/parent-link-requests";
import type { App, Deps } from "@api/context";
import { makeGuards, scopeOf } from "@api/auth/guards";
import type { Writer } from "@api/db/audit";
import { nowIso, type Db } from "@api/db";
import { fieldError, langOf, ok, wholeList } from "@api/http";
import { jsonReply, tokenHeader } from "./common";

/**
 * Parent self-registration (issue 25 item 6): a new parent account is bound to the child at once only when its phone is
 * one of the child's guardian phones on record (father, mother, emergency contacts); otherwise a request waits for the
 * class teacher or the kindergarten admin (api/resources/parent-link-requests.ts). Called only after the SMS code was
 * checked: nothing here may answer a caller who has not proved the phone is his.
 */

type Child = { id: number; kindergarten_id: number; father_phone: string | null; mother_phone: string | null; emergency_contacts: string | null };
export type LinkOutcome = "linked" | "pending";

/** The children of the class with that name (Chinese or English name); several when two share a name. */
export async function childrenNamed(db: Db, classId: number, rawName: string | undefined): Promise<Child[]> {
  const name = (rawName ?? "").trim();
  if (!name) throw fieldError("childName", "register.childNotFound");
  const rows = await db
    .selectFrom("students")
    .select(["id", "kindergarten_id", "father_phone", "mother_phone", "emergency_contacts"])
    .where("class_id", "=", classId)
    .where((eb) => eb.or([eb("name", "=", name), eb("english_name", "=", name)]))
    .orderBy("id")
    .execute();
  if (!rows.length) throw fieldError("childName", "register.childNotFound");
  return rows.map((r) => ({ ...r, id: Number(r.id), kindergarten_id: Number(r.kindergarten_id) }));
}

const digits = (phone: unknown) => (typeof phone === "string" ? phone.replace(/\D/g, "") : "");

/** The relationship the record gives `phone` for this child, or null when it is none of its guardian phones. */
export function guardianRelationship(child: Child, phone: string): "father" | "mother" | "other" | null {
  const p = digits(phone);
  if (!p) return null;
  if (digits(child.father_phone) === p) return "father";
  if (digits(child.mother_phone) === p) return "mother";
  let contacts: unknown = [];
  try {
    contacts = JSON.parse(child.emergency_contacts ?? "[]");
  } catch {
    contacts = [];
  }
  const list = Array.isArray(contacts) ? (contacts as { phone?: unknown }[]) : [];
  return list.some((c) => digits(c?.phone) === p) ? "other" : null;
}

/** Binds the parent to the child whose guardian phone he registered with, or files a pending request for the first namesake. */
export async function linkOrRequest(w: Writer, o: { parentId: number; classId: number; phone: string; children: Child[] }): Promise<LinkOutcome> {
  for (const child of o.children) {
    const relationship = guardianRelationship(child, o.phone);
    if (relationship) {
      await w.insert("student_parents", { student_id: child.id, parent_id: o.parentId, relationship }, "register");
      return "linked";
    }
  }
  const child = o.children[0]!;
  await w.insert(
    "parent_link_requests",
    {
      kindergarten_id: child.kindergarten_id,
      class_id: o.classId,
      student_id: child.id,
      parent_id: o.parentId,
      status: "pending",
      review_comment: null,
      reviewed_by: null,
      reviewed_at: null,
      created_at: nowIso(),
    },
    "register",
  );
  return "pending";
}

const myRequestSchema = z
  .object({
    id: z.number().int(),
    studentName: z.string(),
    className: z.string().nullable(),
    status: z.enum(LINK_REQUEST_STATUSES),
    reviewComment: z.string().nullable(),
    createdAt: z.string(),
    reviewedAt: z.string().nullable(),
  })
  .openapi("MyParentLinkRequest");

/** GET home/link_requests/: the caller's own requests to be linked to a child (the parent's "waiting for approval" state). */
export function registerParentLinkRoutes(app: App, deps: Deps) {
  const { requireAuth } = makeGuards(deps);
  app.openapi(
    createRoute({
      method: "get",
      path: "/home/link_requests/",
      operationId: "listMyParentLinkRequests",
      tags: ["home"],
      summary: "The caller's own requests to be linked to a child (newest first; only his own rows)",
      security: tokenHeader,
      middleware: [requireAuth] as const,
      responses: jsonReply(z.object({ list: z.array(myRequestSchema) })),
    }),
    async (c) => {
      const scope = scopeOf(c);
      const en = langOf(c) === "en";
      const rows = await deps.db
        .selectFrom("parent_link_requests as r")
        .innerJoin("students as s", "s.id", "r.student_id")
        .leftJoin("classes as c", "c.id", "r.class_id")
        .select(["r.id", "s.name", "c.name as className", "c.name_en as classNameEn", "r.status", "r.review_comment", "r.created_at", "r.reviewed_at"])
        .where("r.parent_id", "=", scope.userId)
        .orderBy("r.id", "desc")
        .limit(20)
        .execute();
      const list = rows.map((r) => ({
        id: Number(r.id),
        studentName: r.name,
        className: (en && r.classNameEn) || r.className,
        status: r.status,
        reviewComment: r.review_comment,
        createdAt: r.created_at,
        reviewedAt: r.reviewed_at,
      }));
      return ok(c, wholeList(list));
    },
  );
}

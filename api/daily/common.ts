import { sql, type Kysely } from "kysely";
import type { Database } from "@api/db/schema";
import type { Deps } from "@api/context";
import { fieldError } from "@api/http";
import { makeGuards } from "@api/auth/guards";
import { scoped, type Scope } from "@api/tenancy";
import { FILE_OWNERS } from "@api/services/storage/files";
import type { Writer } from "@api/db/audit";
import type { FileKind } from "@contract/files";

export type Trx = Kysely<Database>;
export const trxOf = (w: Writer) => w.trx as unknown as Trx;

/** The student the form names, within the caller's reach and the row's kindergarten (else 422 on `studentId`). */
export async function studentOfForm(db: Trx, scope: Scope, studentId: unknown, kindergartenId: number | null) {
  const st = await scoped
    .students(db, scope)
    .select(["students.id", "students.name", "students.class_id", "students.kindergarten_id"])
    .where("students.id", "=", Number(studentId))
    .executeTakeFirst();
  if (!st || (kindergartenId != null && Number(st.kindergarten_id) !== kindergartenId)) throw fieldError("studentId", "crud:validation.choose");
  return st;
}

/** The class the form names, within the caller's reach and the row's kindergarten (else 422 on `classId`). */
export async function classOfForm(db: Trx, scope: Scope, classId: unknown, kindergartenId: number | null, field = "classId") {
  const cl = await scoped
    .classes(db, scope)
    .select(["classes.id", "classes.name", "classes.kindergarten_id"])
    .where("classes.id", "=", Number(classId))
    .executeTakeFirst();
  if (!cl || (kindergartenId != null && Number(cl.kindergarten_id) !== kindergartenId)) throw fieldError(field, "crud:validation.choose");
  return cl;
}

/** Takes a newly uploaded file for a record (temporary → main); the old one of the field goes. 422 when not usable. */
export async function claimFile(
  deps: Deps,
  w: Writer,
  scope: Scope,
  o: { field: string; table: string; column: string; recordType: string; id: number; kind: FileKind; value: unknown; old: unknown },
) {
  const next = o.value == null ? null : Number(o.value);
  const prev = o.old == null ? null : Number(o.old);
  if (next === prev) return;
  if (next != null && !(await deps.files.claim(w, next, { userId: scope.userId, recordType: o.recordType, recordId: o.id, kind: o.kind })))
    throw fieldError(o.field, "upload.notUsable");
  if (prev != null) await deps.files.remove(w, prev);
}

type Visible = (db: Trx, scope: Scope, id: number) => Promise<boolean>;
const FILE_PAGES = new Map<string, Map<string, Visible>>();

/**
 * Files of a daily record are served to whoever may read that record on a page that shows it (the same scope filter
 * as that page's list). A record shown on several pages registers each (a class-circle post: its page for the staff,
 * /daily/updates for the parents); the first page that shows it to the caller lets the file through.
 */
export function registerFileOwner(recordType: string, page: string, visible: Visible) {
  let pages = FILE_PAGES.get(recordType);
  if (!pages) {
    const mine = new Map<string, Visible>();
    FILE_PAGES.set(recordType, (pages = mine));
    FILE_OWNERS[recordType] ??= async (deps, scope, id) => {
      const { canSeePage } = makeGuards(deps);
      for (const [p, v] of mine) if ((await canSeePage(scope, p)) && (await v(deps.db, scope, id))) return true;
      return false;
    };
  }
  if (!pages.has(page)) pages.set(page, visible);
}

/** Start of today in China as a UTC ISO timestamp (for created_at comparisons). */
export const cnDayStartIso = (date: string) => new Date(Date.parse(date + "T00:00:00+08:00")).toISOString();

export const jsonIds = (v: unknown): number[] => {
  try {
    const a = JSON.parse(String(v ?? "[]"));
    return Array.isArray(a) ? a.map(Number).filter(Number.isInteger) : [];
  } catch {
    return [];
  }
};

export const countSql = (q: ReturnType<typeof sql>) => q;

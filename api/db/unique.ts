import { ApiError } from "@api/http";
/**
 * Unique-constraint violations of both dialects, for writes that race (two requests insert the same phone or
 * code at once: both pass the "already taken?" check, the database refuses the second).
 *   PostgreSQL: code 23505, detail `Key (a, b)=(…) already exists.`
 *   SQLite (libSQL): code SQLITE_CONSTRAINT_UNIQUE (or _PRIMARYKEY), message `UNIQUE constraint failed: t.a, t.b`.
 * Answers the violated columns (without table), or null when `e` is something else. Values are never read.
 */
export function uniqueViolation(e: unknown): string[] | null {
  const err = e as { code?: unknown; extendedCode?: unknown; detail?: unknown; message?: unknown } | null;
  if (!err || typeof err !== "object") return null;
  if (err.code === "23505") {
    const m = /^Key \(([^)]*)\)=/.exec(String(err.detail ?? ""));
    return m ? m[1]!.split(",").map((s) => s.trim().replace(/^"|"$/g, "")) : [];
  }
  const sqlite = String(err.extendedCode ?? err.code ?? "");
  if (sqlite === "SQLITE_CONSTRAINT_UNIQUE" || sqlite === "SQLITE_CONSTRAINT_PRIMARYKEY") {
    const m = /constraint failed: (.*)$/.exec(String(err.message ?? ""));
    return m ? m[1]!.split(",").map((s) => s.trim().split(".").pop()!) : [];
  }
  return null;
}

/**
 * A foreign-key violation of either dialect: a row other records still point at (PostgreSQL 23503; SQLite (libSQL)
 * SQLITE_CONSTRAINT_FOREIGNKEY, message `FOREIGN KEY constraint failed`).
 */
export function isForeignKeyViolation(e: unknown): boolean {
  const err = e as { code?: unknown; extendedCode?: unknown; message?: unknown } | null;
  if (!err || typeof err !== "object") return false;
  const code = String(err.extendedCode ?? err.code ?? "");
  return code === "23503" || code.includes("FOREIGN") || /FOREIGN KEY constraint/i.test(String(err.message ?? ""));
}

/** Runs `write`; a foreign-key violation becomes `ApiError(409, key)` instead of a 500. */
export async function refusingReferenced<T>(write: () => Promise<T>, key = "error.conflict"): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isForeignKeyViolation(e)) throw new ApiError(409, key);
    throw e;
  }
}

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

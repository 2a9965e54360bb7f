import type { BackupManifest } from "./backup";

/** Lines that tell an operator what an archive holds (the two commands print them). */
export function describeArchive(m: BackupManifest): string[] {
  const tables = Object.entries(m.tables);
  const rows = tables.reduce((n, [, t]) => n + t.rows, 0);
  const files = m.files.included
    ? `${m.files.count.toLocaleString("en")} files, ${m.files.bytes.toLocaleString("en")} bytes`
    : `files not included (kept in ${m.files.store.toUpperCase()}: the store's versioning protects them)`;
  return [
    `${m.dialect === "postgres" ? "PostgreSQL" : "SQLite"} database: ${tables.length} tables, ${rows.toLocaleString("en")} rows`,
    files,
    `schema: ${m.migrations.at(-1) ?? "none"} (${m.migrations.length} migrations)`,
  ];
}

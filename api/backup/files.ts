import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { cp, readdir, stat } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { pipeline } from "node:stream/promises";

export interface FileEntry {
  /** Path inside the archive's `files/` folder, with forward slashes. */
  path: string;
  bytes: number;
  sha256: string;
}

export async function sha256File(path: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(path), hash);
  return hash.digest("hex");
}

/** Every regular file under `root`, with size and checksum, sorted by path. */
export async function listFiles(root: string): Promise<FileEntry[]> {
  const out: FileEntry[] = [];
  let entries: string[];
  try {
    entries = await readdir(root, { recursive: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw e;
  }
  for (const name of entries.sort()) {
    const full = join(root, name);
    const s = await stat(full);
    if (!s.isFile()) continue;
    out.push({ path: relative(root, full).split(sep).join("/"), bytes: s.size, sha256: await sha256File(full) });
  }
  return out;
}

/**
 * Copies the files of saved records (the local store's main bucket) without the `.part` files of uploads still being
 * written (the store renames them into place only when complete). Temporary uploads are not kept: no record uses them.
 */
export async function copyStoredFiles(from: string, to: string): Promise<void> {
  try {
    await stat(from);
  } catch {
    return;
  }
  await cp(from, to, { recursive: true, filter: (src) => !src.endsWith(".part") });
}

import { describe, expect, it } from "vitest";
import { cleanFileName } from "@contract/files";
import { boundedQueue } from "@api/services/storage/queue";

describe("cleanFileName (issue 25 item 5)", () => {
  it("drops control, separator and every bidi or invisible character, keeping the rest", () => {
    const unsafe = ["\u0000", "\u0007", "\u001b", "\u007f", "\u0085", "\u009b", "/", "\\", "\u061c", "\u200b", "\u200e", "\u200f"];
    unsafe.push("\u2028", "\u2029", "\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069", "\ufeff");
    for (const c of unsafe) expect(cleanFileName(`a${c}b.png`, "x"), JSON.stringify(c)).toBe("a_b.png");
    expect(cleanFileName("invoice\u202Efdp.exe", "x")).toBe("invoice_fdp.exe");
    expect(cleanFileName("班级圈 照片（1）.jpg", "x")).toBe("班级圈 照片（1）.jpg");
  });

  it("falls back when nothing is left, and keeps at most 200 characters", () => {
    expect(cleanFileName("", "file.png")).toBe("file.png");
    expect(cleanFileName("\u202e\u0000", "file.png")).toBe("file.png");
    expect(cleanFileName("a".repeat(300), "x")).toHaveLength(200);
  });
});

describe("boundedQueue (issue 25 item 11)", () => {
  it("runs at most its concurrency at once, in arrival order, and passes results and errors through", async () => {
    const q = boundedQueue(2);
    const started: number[] = [];
    const release: (() => void)[] = [];
    const tasks = Array.from({ length: 6 }, (_, i) =>
      q.run(
        () =>
          new Promise<number>((resolve, reject) => {
            started.push(i);
            release.push(() => (i === 3 ? reject(new Error("three")) : resolve(i)));
          }),
      ),
    );
    const settled = Promise.allSettled(tasks);
    await new Promise((r) => setTimeout(r, 5));
    expect(started).toEqual([0, 1]);
    while (release.length) {
      release.shift()!();
      await new Promise((r) => setTimeout(r, 1));
      expect(q.running).toBeLessThanOrEqual(2);
    }
    const out = await settled;
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(out.map((r) => (r.status === "fulfilled" ? r.value : (r.reason as Error).message))).toEqual([0, 1, 2, "three", 4, 5]);
    expect(q.peak).toBe(2);
    expect(q.running).toBe(0);
  });
});

import { describe, expect, it } from "vitest";
import { dateFormat, formatList, labelWithNote, langOf, localName } from "@contract/format";
import { formatCell, formatDateTime } from "@contract/resource-format";
import { exportCell } from "@api/resources/spreadsheet";

/** contract/format.ts: lists and labels in the reader's language (no `、` or `（）` in English). */
describe("list and label formatting", () => {
  it("keeps one date format per language and options, each in its own language", () => {
    const day = new Date("2026-11-23T00:00:00Z");
    const zh = dateFormat("zh", { timeZone: "UTC", month: "short", day: "numeric" });
    expect(dateFormat("zh", { timeZone: "UTC", month: "short", day: "numeric" })).toBe(zh);
    expect(zh.format(day)).toBe("11月23日");
    expect(dateFormat("en", { timeZone: "UTC", month: "short", day: "numeric" }).format(day)).toBe("23 Nov");
    expect(dateFormat("en", { timeZone: "UTC", weekday: "short" }).format(day)).toBe("Mon");
  });
  it("joins lists as each language does", () => {
    expect(formatList("zh", ["王芳", "李静", "张伟"])).toBe("王芳、李静、张伟");
    expect(formatList("en", ["Wang Fang", "Li Jing", "Zhang Wei"])).toBe("Wang Fang, Li Jing, Zhang Wei");
    expect(formatList("en", ["Principal", "Teacher", "Parent"], "long")).toBe("Principal, Teacher, and Parent");
    expect(formatList("zh", ["园长", "老师", "家长"], "long")).toBe("园长、老师和家长");
    expect(formatList("en", [])).toBe("");
  });

  it("puts notes in the language's brackets", () => {
    expect(labelWithNote("zh", "周丽华", "0001")).toBe("周丽华（0001）");
    expect(labelWithNote("en", "周丽华", "0001")).toBe("周丽华 (0001)");
    expect(labelWithNote("en", "Li", null)).toBe("Li");
  });

  it("prefers the English name for English readers when there is one", () => {
    expect(localName("en", "中一班", "Middle 1")).toBe("Middle 1");
    expect(localName("en", "中一班", null)).toBe("中一班");
    expect(localName("zh", "中一班", "Middle 1")).toBe("中一班");
    expect(langOf("en-US")).toBe("en");
    expect(langOf(undefined)).toBe("zh");
  });

  it("formatCell joins tags and arrays through the language (lists, detail pages, exports)", () => {
    const t = (k: string) => k;
    expect(formatCell(["王芳", "李静"], { format: "tags" }, t, "en")).toBe("王芳, 李静");
    expect(formatCell(["王芳", "李静"], { format: "tags" }, t, "zh")).toBe("王芳、李静");
    expect(formatCell(["a", "b"], {}, t, "en")).toBe("a, b");
  });

  it("formatCell says what an empty value means where the column says so (a plan for every class), else nothing", () => {
    const t = (k: string) => `<${k}>`;
    expect(formatCell(null, { empty: "teaching:fields.allClasses" }, t, "en")).toBe("<teaching:fields.allClasses>");
    expect(formatCell("", { empty: "teaching:fields.allClasses" }, t, "en")).toBe("<teaching:fields.allClasses>");
    expect(formatCell("中一班", { empty: "teaching:fields.allClasses" }, t, "en")).toBe("中一班");
    expect(formatCell(null, {}, t, "en")).toBe("");
  });

  it("formatDateTime writes China's wall clock: a zoned instant is moved to UTC+8, a wall-clock time stays as written", () => {
    expect(formatDateTime("2026-11-28T01:30:00.000Z")).toBe("2026-11-28 09:30");
    expect(formatDateTime("2026-11-28T18:30:00Z")).toBe("2026-11-29 02:30");
    expect(formatDateTime("2026-01-02T09:00:00")).toBe("2026-01-02 09:00");
    expect(formatDateTime("2026-01-02 07:45")).toBe("2026-01-02 07:45");
    expect(formatDateTime("not a date")).toBe("not a date");
  });

  it("formatCell shows money kept in fen as yuan, and the export keeps it a number of yuan", () => {
    const t = (k: string) => k;
    expect(formatCell(191525, { format: "money" }, t, "en")).toBe("¥1,915.25");
    expect(formatCell(-50, { format: "money" }, t, "zh")).toBe("-¥0.50");
    expect(exportCell(191525, { format: "money" }, t, "en")).toEqual({ fen: 191525 }); // written as 1915.25 with ¥ and two decimals
    expect(exportCell(191525, { format: "number" }, t, "en")).toBe(191525);
  });
});

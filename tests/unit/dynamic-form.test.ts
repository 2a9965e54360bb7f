import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  answerSchema,
  answersSheet,
  answerText,
  dynamicFormJson,
  dynamicFormSchema,
  imageFieldKeys,
  nextKey,
  orderedFields,
  type DynamicField,
} from "@contract/dynamic-form";
import { SAMPLE_FIELDS } from "../fixtures/dynamic-form";

/** Dynamic forms: what is derived from a description (contract/dynamic-form.ts), parsed as the console and the API parse forms (conform). */
// Out of order on purpose (the derivations sort by `order`), and the multiple choice required here.
const FIELDS: DynamicField[] = [SAMPLE_FIELDS[1]!, SAMPLE_FIELDS[0]!, ...SAMPLE_FIELDS.slice(2).map((f) => (f.key === "f5" ? { ...f, required: true } : f))];
const parse = (pairs: [string, string][]) => parseWithZod(new URLSearchParams(pairs), { schema: answerSchema(FIELDS) });

describe("dynamic form derivation", () => {
  it("orders fields by `order`", () => {
    expect(orderedFields(FIELDS).map((f) => f.key)).toEqual(["f1", "f2", "f3", "f4", "f5", "f6"]);
  });

  it("derives the schema: required fields say 'cannot be empty' / 'choose', kinds are checked", () => {
    const s = parse([
      ["f2", "abc"],
      ["f3", "2026-02-30"],
      ["f4", "9"],
    ]);
    expect(s.status).toBe("error");
    const e = (s.status === "error" ? s.error : {}) as Record<string, string[]>;
    expect(e.f1).toEqual(["crud:validation.required"]);
    expect(e.f3).toEqual(["crud:validation.date"]);
    expect(e.f4).toEqual(["crud:validation.choose"]);
    expect(e.f5).toEqual(["crud:validation.choose"]);
    expect(e.f2).toBeTruthy();
    expect(e.f6).toBeUndefined();
  });

  it("accepts a valid submission and coerces like conform (numbers, repeated choices, empty optional fields)", () => {
    const s = parse([
      ["f1", " 王小明 "],
      ["f2", "3"],
      ["f3", "2026-04-01"],
      ["f4", "1"],
      ["f5", "0"],
      ["f5", "1"],
      ["f6", ""],
    ]);
    expect(s.status).toBe("success");
    expect(s.status === "success" && s.value).toEqual({ f1: "王小明", f2: 3, f3: "2026-04-01", f4: "1", f5: ["0", "1"] });
  });

  it("validates descriptions: choices need options, keys are unique, at least one field", () => {
    expect(dynamicFormSchema.safeParse([]).error?.issues[0]?.message).toBe("forms:errors.noFields");
    expect(dynamicFormSchema.safeParse([{ ...FIELDS[3], options: [] }]).error?.issues[0]?.message).toBe("forms:errors.optionsRequired");
    expect(dynamicFormSchema.safeParse([FIELDS[0], { ...FIELDS[1], key: "f2" }]).error?.issues[0]?.message).toBe("forms:errors.duplicateKey");
    expect(dynamicFormSchema.safeParse([{ ...FIELDS[1], label: { zh: "", en: "x" } }]).error?.issues[0]?.message).toBe("crud:validation.required");
    expect(dynamicFormJson.safeParse("not json").error?.issues[0]?.message).toBe("forms:errors.noFields");
    expect(dynamicFormJson.parse(JSON.stringify(FIELDS))).toBe(JSON.stringify(FIELDS));
  });

  it("answers as text and the Excel sheet: one column per field in form order", () => {
    expect(answerText(FIELDS[4]!, ["0", "1"], "en")).toBe("Drawing, Singing");
    expect(answerText(FIELDS[3]!, "1", "zh")).toBe("晚餐");
    const rows = answersSheet(
      FIELDS,
      [{ id: 1, userName: "王老师", createdAt: "2026-04-01T08:30:00.000Z", answers: { f1: "王小明", f2: 3, f4: "0", f5: ["1"] } }],
      "en",
      (k) => k.split(".").pop()!,
    );
    expect(rows).toEqual([
      ["user", "createdAt", "Name", "People", "Date", "Meal", "Activities", "Photo"],
      ["王老师", "2026-04-01 08:30", "王小明", 3, "", "Lunch", "Singing", ""],
    ]);
  });

  it("image fields hold a file id: required says 'cannot be empty', anything but a positive id is invalid", () => {
    const image = (required: boolean): DynamicField[] => [{ key: "p", label: { zh: "照片", en: "Photo" }, kind: "image", required, order: 0 }];
    const one = (required: boolean, v: string) => parseWithZod(new URLSearchParams([["p", v]]), { schema: answerSchema(image(required)) });
    const errorOf = (s: ReturnType<typeof one>) => (s.status === "error" ? (s.error as Record<string, string[]>).p : undefined);
    expect(errorOf(one(true, ""))).toEqual(["crud:validation.required"]);
    expect(errorOf(one(true, "/files/3"))).toEqual(["crud:validation.invalid"]);
    expect(errorOf(one(false, "0"))).toEqual(["crud:validation.invalid"]);
    expect(errorOf(one(false, "1.5"))).toEqual(["crud:validation.invalid"]);
    const ok = one(true, "42");
    expect(ok.status === "success" && ok.value).toEqual({ p: 42 });
    const none = one(false, "");
    expect(none.status).toBe("success");
    expect(imageFieldKeys(FIELDS)).toEqual(["f6"]);
  });

  it("an image answer reads as its file's name, or 'image #id' — never a link", () => {
    const photo = FIELDS[5]!;
    expect(answerText(photo, 12, "zh", { "12": "体检表.png" })).toBe("体检表.png");
    expect(answerText(photo, 12, "zh")).toBe("图片 #12");
    expect(answerText(photo, 12, "en", {})).toBe("image #12");
    const rows = answersSheet(
      FIELDS,
      [{ id: 1, userName: "王老师", createdAt: "2026-04-01T08:30:00.000Z", answers: { f1: "王小明", f6: 12 }, files: { "12": "a.jpg" } }],
      "zh",
      (k) => k,
    );
    expect(rows[1]!.at(-1)).toBe("a.jpg");
  });

  it("gives new fields the next free key", () => {
    expect(nextKey([{ key: "f1" }, { key: "f3" }])).toBe("f2");
    expect(nextKey([])).toBe("f1");
  });
});

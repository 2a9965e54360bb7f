/**
 * Demo data of dynamic forms (deterministic): form templates in kindergarten 1 (the one with every show-flag on,
 * so /daily/formTemplate and /daily/form are visible) and a few answers from its teacher and principal. Two reach
 * everyone who may open /daily/form (no recipients chosen); one is sent to the teachers (role 3) of the class teacher
 * 13800000003 teaches, one to the principals (role 1). Parents (role 4) do not open /daily/form (routes.md), so no
 * template is sent to them.
 * Called by seedDemo after the core rows exist.
 */
import type { Kysely } from "kysely";
import type { DynamicField } from "@contract/dynamic-form";
import type { Database } from "./schema";
import { SEED_TIME } from "./seed";

const OUTING: DynamicField[] = [
  { key: "f1", label: { zh: "幼儿姓名", en: "Child's name" }, kind: "text", required: true, order: 0 },
  { key: "f2", label: { zh: "陪同家长人数", en: "Accompanying adults" }, kind: "number", required: false, order: 1 },
  { key: "f3", label: { zh: "希望日期", en: "Preferred date" }, kind: "date", required: true, order: 2 },
  {
    key: "f4",
    label: { zh: "午餐", en: "Lunch" },
    kind: "single",
    required: true,
    options: [
      { zh: "园内配餐", en: "School lunch" },
      { zh: "自带午餐", en: "Packed lunch" },
    ],
    order: 3,
  },
  {
    key: "f5",
    label: { zh: "感兴趣的活动", en: "Activities of interest" },
    kind: "multiple",
    required: false,
    options: [
      { zh: "采摘", en: "Fruit picking" },
      { zh: "手工", en: "Crafts" },
      { zh: "野餐", en: "Picnic" },
    ],
    order: 4,
  },
  { key: "f6", label: { zh: "健康证明照片", en: "Health certificate photo" }, kind: "image", required: false, order: 5 },
];

const TRAINING: DynamicField[] = [
  { key: "f1", label: { zh: "培训时长（小时）", en: "Training hours" }, kind: "number", required: true, order: 0 },
  {
    key: "f2",
    label: { zh: "希望的主题", en: "Wished topics" },
    kind: "multiple",
    required: false,
    options: [
      { zh: "游戏化教学", en: "Play-based teaching" },
      { zh: "安全急救", en: "Safety and first aid" },
      { zh: "家园沟通", en: "Talking with parents" },
    ],
    order: 1,
  },
];

const BUDGET: DynamicField[] = [
  { key: "f1", label: { zh: "下学期预算（元）", en: "Next term's budget (yuan)" }, kind: "number", required: true, order: 0 },
  { key: "f2", label: { zh: "说明", en: "Notes" }, kind: "text", required: false, order: 1 },
];

const SURVEY: DynamicField[] = [
  {
    key: "f1",
    label: { zh: "总体满意度", en: "Overall satisfaction" },
    kind: "single",
    required: true,
    options: [
      { zh: "非常满意", en: "Very satisfied" },
      { zh: "满意", en: "Satisfied" },
      { zh: "一般", en: "Neutral" },
    ],
    order: 0,
  },
  { key: "f2", label: { zh: "建议", en: "Suggestions" }, kind: "text", required: false, order: 1 },
];

export async function seedForms(db: Kysely<Database>) {
  await db.transaction().execute(async (trx) => {
    const template = async (title: string, description: string | null, fields: DynamicField[], roles: number[] = [], classes: number[] = []) =>
      Number(
        (
          await trx
            .insertInto("form_templates")
            .values({
              kindergarten_id: 1,
              title,
              description,
              fields: JSON.stringify(fields),
              created_by: 5,
              created_at: SEED_TIME,
              updated_at: SEED_TIME,
              recipient_role_ids: JSON.stringify(roles),
              recipient_class_ids: JSON.stringify(classes),
            })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id,
      );
    const outing = await template("春游报名", "四月春游：请在 3 月 31 日前提交", OUTING);
    const survey = await template("家长满意度调查", null, SURVEY);
    const taught = await trx.selectFrom("class_teachers").select("class_id").where("user_id", "=", 3).orderBy("class_id").executeTakeFirst();
    const classes = taught ? [Number(taught.class_id)] : [];
    const training = await template("教师培训需求", "仅发送给本班教师", TRAINING, [3], classes);
    await template("园长预算填报", null, BUDGET, [1]);
    const answers: { template_id: number; user_id: number; answers: Record<string, unknown> }[] = [
      { template_id: outing, user_id: 3, answers: { f1: "王小明", f2: 2, f3: "2026-04-10", f4: "0", f5: ["0", "2"] } },
      { template_id: outing, user_id: 1, answers: { f1: "李思思", f3: "2026-04-11", f4: "1", f5: ["1"] } },
      { template_id: survey, user_id: 3, answers: { f1: "1", f2: "希望增加户外活动" } },
      { template_id: training, user_id: 3, answers: { f1: 6, f2: ["0", "1"] } },
    ];
    for (const [i, a] of answers.entries())
      await trx
        .insertInto("form_answers")
        .values({
          template_id: a.template_id,
          kindergarten_id: 1,
          user_id: a.user_id,
          answers: JSON.stringify(a.answers),
          created_at: `2026-01-0${5 + i}T09:00:00.000Z`,
        })
        .execute();
  });
}

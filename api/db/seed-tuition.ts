import type { Kysely } from "kysely";
import { CLASS_LEVELS } from "@contract/entities/vocab";
import { computeBill, computeRefund, type Period, type PriceItem } from "@contract/tuition/money";
import type { Database } from "./schema";

/**
 * Demo data of tuition and finance and of assessment (issue 14), for kindergartens 1–4: templates per level, a term of
 * bills in every state (the parent 13800000004's two children among them: one announced, one paid), their fee
 * records, deposits, payrolls, refund calculations, reconciliations; the platform's assessment framework and
 * assessments of each kindergarten's first classes. Money in fen; every bill from computeBill, so totals reproduce.
 */
const T0 = "2026-01-05T08:00:00.000Z";
const LEVEL_PRICE: Record<string, number> = { pre: 320000, junior: 280000, middle: 280000, senior: 300000 };

export function templateItems(level: string): PriceItem[] {
  return [
    { name: "保育费", amountFen: LEVEL_PRICE[level] ?? 280000 },
    { name: "伙食费", amountFen: 45000 },
    { name: "校车费（10公里以内）", amountFen: 30000 },
    { name: "材料费", amountFen: 8050 },
  ];
}

export const FRAMEWORK: { name: string; en: string; objectives: { name: string; en: string; items: [string, string, number][] }[] }[] = [
  {
    name: "健康",
    en: "Health",
    objectives: [
      {
        name: "身心状况",
        en: "Well-being",
        items: [
          ["情绪安定愉快", "Is calm and cheerful", 5],
          ["能适应集体生活", "Adapts to group life", 5],
        ],
      },
      {
        name: "动作发展",
        en: "Movement",
        items: [
          ["能双脚连续跳", "Jumps with both feet", 5],
          ["会使用剪刀", "Uses scissors", 5],
        ],
      },
    ],
  },
  {
    name: "语言",
    en: "Language",
    objectives: [
      {
        name: "倾听与表达",
        en: "Listening and speaking",
        items: [
          ["能安静地听别人讲话", "Listens quietly", 5],
          ["愿意讲话并能清楚表达", "Speaks clearly and willingly", 10],
        ],
      },
    ],
  },
  {
    name: "社会",
    en: "Social",
    objectives: [
      {
        name: "人际交往",
        en: "Relationships",
        items: [
          ["愿意与同伴一起游戏", "Plays with peers", 5],
          ["能遵守游戏规则", "Keeps to the rules of a game", 5],
        ],
      },
    ],
  },
];
const TIMES = ["beginning", "middle", "end"] as const;

export async function seedAssessmentFramework(db: Kysely<Database>) {
  let sort = 1;
  for (const cat of FRAMEWORK) {
    const c = await db
      .insertInto("assessment_categories")
      .values({ name: cat.name, name_en: cat.en, sort: sort++, created_at: T0 })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const level of CLASS_LEVELS)
      for (const o of cat.objectives) {
        const obj = await db
          .insertInto("assessment_objectives")
          .values({ category_id: Number(c.id), name: o.name, name_en: o.en, level, created_at: T0 })
          .returning("id")
          .executeTakeFirstOrThrow();
        for (const time of TIMES)
          await db
            .insertInto("assessment_items")
            .values(o.items.map(([content, en, max]) => ({ objective_id: Number(obj.id), time, content, content_en: en, max_score: max, created_at: T0 })))
            .execute();
      }
  }
}

/** Tuition rows of one kindergarten: templates, a term of bills per child of the first `classLimit` classes, their payments. */
export async function seedTuitionForKindergarten(db: Kysely<Database>, kg: number, o: { classLimit: number; months?: number; seed: number }) {
  const templates: Record<string, { id: number; items: PriceItem[]; period: Period }> = {};
  for (const level of CLASS_LEVELS) {
    const items = templateItems(level);
    for (const period of ["term", "month"] as Period[]) {
      const r = await db
        .insertInto("tuition_templates")
        .values({
          kindergarten_id: kg,
          name: `${{ pre: "托班", junior: "小班", middle: "中班", senior: "大班" }[level]}${period === "term" ? "学期" : "月度"}学费`,
          level,
          period,
          items: JSON.stringify(items),
          monthly_fen: items.reduce((s, i) => s + i.amountFen, 0),
          created_at: T0,
          updated_at: T0,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (period === "term") templates[level] = { id: Number(r.id), items, period };
    }
  }
  const classes = await db.selectFrom("classes").select(["id", "level"]).where("kindergarten_id", "=", kg).orderBy("id").limit(o.classLimit).execute();
  const states = ["paid", "paid", "paidUnconfirmed", "announced", "pending", "unannounced"] as const;
  let n = o.seed;
  const bills: Record<string, unknown>[] = [];
  const fees: Record<string, unknown>[] = [];
  for (const cls of classes) {
    const tpl = templates[cls.level]!;
    const students = await db
      .selectFrom("students")
      .select("id")
      .where("class_id", "=", Number(cls.id))
      .where("status", "=", "at_school")
      .orderBy("id")
      .execute();
    for (const s of students) {
      const discount = n % 7 === 0 ? 10 : 0;
      const b = computeBill(tpl.items, tpl.period, discount, 0);
      const status = states[n++ % states.length]!;
      const id = await db
        .insertInto("tuition_bills")
        .values({
          kindergarten_id: kg,
          student_id: Number(s.id),
          template_id: tpl.id,
          title: "2026春季学期学费",
          period: tpl.period,
          discount,
          use_deposit: 0,
          lines: JSON.stringify(b.lines),
          subtotal_fen: b.subtotalFen,
          discount_fen: b.discountFen,
          deposit_fen: 0,
          amount_fen: b.amountFen,
          status,
          paid_via: status === "paid" || status === "paidUnconfirmed" ? (n % 2 ? "wechat" : "alipay") : null,
          due_date: "2026-02-28",
          created_by: 14,
          created_at: T0,
          updated_at: T0,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (status === "paid" || status === "paidUnconfirmed")
        fees.push({
          kindergarten_id: kg,
          bill_id: Number(id.id),
          student_id: Number(s.id),
          kind: "payment",
          channel: n % 2 ? "wechat" : "alipay",
          amount_fen: b.amountFen,
          reference: `SEED-${kg}-${id.id}`,
          remark: null,
          occurred_on: `2026-01-${String(6 + (n % 20)).padStart(2, "0")}`,
          created_by: null,
          created_at: T0,
        });
      bills.push({ id: id.id });
    }
  }
  for (let i = 0; i < fees.length; i += 200)
    await db
      .insertInto("fee_records")
      .values(fees.slice(i, i + 200) as never)
      .execute();
  return { bills: bills.length, fees: fees.length };
}

async function seedKindergartenExtras(db: Kysely<Database>, kg: number) {
  const students = await db
    .selectFrom("students")
    .select(["id"])
    .where("kindergarten_id", "=", kg)
    .where("status", "=", "at_school")
    .orderBy("id")
    .limit(3)
    .execute();
  // Deposits: two children with a balance, one used against a bill.
  for (const [i, s] of students.slice(0, 2).entries()) {
    const amount = 500000 + i * 100000;
    await db
      .insertInto("deposit_balances")
      .values({ student_id: Number(s.id), kindergarten_id: kg, balance_fen: amount - (i === 0 ? 120000 : 0), updated_at: T0 })
      .execute();
    await db
      .insertInto("deposit_entries")
      .values({
        kindergarten_id: kg,
        student_id: Number(s.id),
        kind: "deposit",
        amount_fen: amount,
        balance_fen: amount,
        bill_id: null,
        remark: "预存",
        created_by: 14,
        created_at: T0,
      })
      .execute();
    if (i === 0)
      await db
        .insertInto("deposit_entries")
        .values({
          kindergarten_id: kg,
          student_id: Number(s.id),
          kind: "use",
          amount_fen: 120000,
          balance_fen: amount - 120000,
          bill_id: null,
          remark: "抵扣伙食费",
          created_by: 14,
          created_at: "2026-01-06T08:00:00.000Z",
        })
        .execute();
  }
  // Payrolls of two months for four staff.
  const staff = [
    ["张丽", "13912300001", 520000, 60000, 31550],
    ["王强", "13912300002", 480000, 40000, 28800],
    ["刘芳", "13912300003", 450000, 30000, 27000],
    ["陈静", "13912300004", 610000, 80000, 45020],
  ] as const;
  for (const month of ["2025-12", "2026-01"])
    for (const [name, phone, base, allow, ded] of staff)
      await db
        .insertInto("payrolls")
        .values({
          kindergarten_id: kg,
          month,
          staff_name: name,
          staff_phone: phone.slice(0, 9) + String(kg) + phone.slice(10),
          base_fen: base,
          allowances_fen: allow,
          deductions_fen: ded,
          net_fen: base + allow - ded,
          remark: null,
          created_at: T0,
          updated_at: T0,
        })
        .execute();
  // Refund calculations: one per method.
  const setups = [
    {
      name: "病假退伙食费",
      method: "days",
      basis: "daily",
      priceFen: 2000,
      rounding: "halfUp",
      monthDays: { "2025-12": 22, "2026-01": 17 },
      absence: { "2025-12": 5, "2026-01": 3 },
      items: "伙食费",
    },
    {
      name: "长假退保育费",
      method: "days",
      basis: "monthly",
      priceFen: 280000,
      rounding: "down",
      monthDays: { "2026-01": 17 },
      absence: { "2026-01": 7 },
      items: "保育费",
    },
    {
      name: "整月缺勤退费",
      method: "months",
      basis: "monthly",
      priceFen: 45000,
      rounding: "halfUp",
      monthDays: { "2025-12": 22, "2026-01": 17 },
      absence: { "2026-01": 1 },
      items: "伙食费,校车费",
    },
  ] as const;
  for (const [i, r] of setups.entries()) {
    const res = computeRefund({
      method: r.method,
      basis: r.basis,
      priceFen: r.priceFen,
      rounding: r.rounding,
      monthDays: { ...r.monthDays },
      absence: { ...r.absence },
    });
    await db
      .insertInto("refund_calculations")
      .values({
        kindergarten_id: kg,
        name: r.name,
        student_id: students[i] ? Number(students[i]!.id) : null,
        method: r.method,
        basis: r.basis,
        price_fen: r.priceFen,
        rounding: r.rounding,
        month_days: JSON.stringify(r.monthDays),
        absence: JSON.stringify(r.absence),
        item_names: r.items,
        lines: JSON.stringify(res.lines),
        total_fen: res.totalFen,
        created_at: T0,
        updated_at: T0,
      })
      .execute();
  }
  // Reconciliations in the three states.
  const fin = await db
    .selectFrom("fee_records")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount_fen"), eb.lit(0)).as("t"))
    .where("kindergarten_id", "=", kg)
    .where("occurred_on", ">=", "2026-01-01")
    .where("occurred_on", "<=", "2026-01-31")
    .where("channel", "!=", "deposit")
    .executeTakeFirstOrThrow();
  const jan = Number(fin.t);
  for (const [month, admission, status] of [
    ["2025-11", 0, "done"],
    ["2025-12", 0, "pendingFinance"],
    ["2026-01", jan + 50000, "pendingAdmission"],
  ] as const)
    await db
      .insertInto("tuition_reconciliations")
      .values({
        kindergarten_id: kg,
        month,
        admission_fen: admission,
        admission_lines: null,
        finance_fen: month === "2026-01" ? jan : 0,
        status,
        remark: month === "2026-01" ? "一笔招生定金未入账" : null,
        created_at: T0,
        updated_at: T0,
      })
      .execute();
}

/** Assessments of the first `classLimit` classes of a kindergarten: beginning and middle of 2025-2026 scored. */
export async function seedAssessmentsForKindergarten(db: Kysely<Database>, kg: number, classLimit: number, assessor: number | null) {
  const classes = await db.selectFrom("classes").select(["id", "level"]).where("kindergarten_id", "=", kg).orderBy("id").limit(classLimit).execute();
  const rows: Record<string, unknown>[] = [];
  for (const cls of classes) {
    const students = await db.selectFrom("students").select("id").where("class_id", "=", Number(cls.id)).orderBy("id").limit(12).execute();
    for (const time of ["beginning", "middle"] as const) {
      const items = await db
        .selectFrom("assessment_items as ai")
        .innerJoin("assessment_objectives as ao", "ao.id", "ai.objective_id")
        .select(["ai.id", "ai.max_score"])
        .where("ao.level", "=", cls.level)
        .where("ai.time", "=", time)
        .execute();
      for (const [k, s] of students.entries()) {
        const scores: Record<string, number> = {};
        for (const [j, it] of items.entries()) scores[String(it.id)] = Math.max(0, Number(it.max_score) - ((k + j + (time === "middle" ? 0 : 1)) % 3));
        rows.push({
          kindergarten_id: kg,
          student_id: Number(s.id),
          class_id: Number(cls.id),
          level: cls.level,
          school_year: "2025-2026",
          time,
          scores: JSON.stringify(scores),
          total_score: Object.values(scores).reduce((a, b) => a + b, 0),
          assessed_by: assessor,
          remark: null,
          created_at: T0,
          updated_at: T0,
        });
      }
    }
  }
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto("student_assessments")
      .values(rows.slice(i, i + 200) as never)
      .execute();
}

/** Demo data (called from seed.ts after the core data). */
export async function seedTuition(db: Kysely<Database>) {
  await db.transaction().execute(async (trx) => {
    await seedAssessmentFramework(trx);
    for (const kg of [1, 2, 3, 4]) {
      await seedTuitionForKindergarten(trx, kg, { classLimit: kg === 1 ? 8 : 2, seed: kg });
      await seedKindergartenExtras(trx, kg);
      await seedAssessmentsForKindergarten(trx, kg, kg === 1 ? 4 : 2, kg === 1 ? 3 : null);
    }
    // The parent 13800000004: his first child's bill announced (to pay by QR), the second's paid.
    const children = await trx.selectFrom("student_parents").select("student_id").where("parent_id", "=", 4).orderBy("student_id").execute();
    for (const [i, ch] of children.entries()) {
      const bill = await trx.selectFrom("tuition_bills").select("id").where("student_id", "=", Number(ch.student_id)).orderBy("id").executeTakeFirst();
      if (!bill) continue;
      await trx
        .updateTable("tuition_bills")
        .set({ status: i === 0 ? "announced" : "paid", paid_via: i === 0 ? null : "wechat" })
        .where("id", "=", Number(bill.id))
        .execute();
      if (i === 0) await trx.deleteFrom("fee_records").where("bill_id", "=", Number(bill.id)).execute();
      else {
        // A second, monthly bill announced to him as well (two bills to pay).
        const s = await trx
          .selectFrom("students as s")
          .innerJoin("classes as c", "c.id", "s.class_id")
          .select(["s.kindergarten_id", "c.level"])
          .where("s.id", "=", Number(ch.student_id))
          .executeTakeFirstOrThrow();
        const tpl = await trx
          .selectFrom("tuition_templates")
          .selectAll()
          .where("kindergarten_id", "=", Number(s.kindergarten_id))
          .where("level", "=", s.level)
          .where("period", "=", "month")
          .executeTakeFirstOrThrow();
        const m = computeBill(JSON.parse(tpl.items) as PriceItem[], "month", 0, 0);
        await trx
          .insertInto("tuition_bills")
          .values({
            kindergarten_id: Number(s.kindergarten_id),
            student_id: Number(ch.student_id),
            template_id: Number(tpl.id),
            title: "2026年3月学费",
            period: "month",
            discount: 0,
            use_deposit: 0,
            lines: JSON.stringify(m.lines),
            subtotal_fen: m.subtotalFen,
            discount_fen: m.discountFen,
            deposit_fen: 0,
            amount_fen: m.amountFen,
            status: "announced",
            paid_via: null,
            due_date: "2026-03-05",
            created_by: 14,
            created_at: "2026-01-06T08:00:00.000Z",
            updated_at: "2026-01-06T08:00:00.000Z",
          })
          .execute();
        const has = await trx.selectFrom("fee_records").select("id").where("bill_id", "=", Number(bill.id)).executeTakeFirst();
        const b = await trx.selectFrom("tuition_bills").selectAll().where("id", "=", Number(bill.id)).executeTakeFirstOrThrow();
        if (!has)
          await trx
            .insertInto("fee_records")
            .values({
              kindergarten_id: Number(b.kindergarten_id),
              bill_id: Number(b.id),
              student_id: Number(b.student_id),
              kind: "payment",
              channel: "wechat",
              amount_fen: Number(b.amount_fen),
              reference: `SEED-P-${b.id}`,
              remark: null,
              occurred_on: "2026-01-08",
              created_by: null,
              created_at: T0,
            })
            .execute();
      }
    }
  });
}

/**
 * The large generator (seed-large.ts): per kindergarten its templates, a school year of bills (autumn and spring
 * terms) for every child, the payments of the paid ones, and the assessment framework's scores for two classes.
 */
export async function seedTuitionLarge(db: Kysely<Database>, kindergartens: number[]) {
  const hasFramework = await db.selectFrom("assessment_categories").select("id").executeTakeFirst();
  if (!hasFramework) await seedAssessmentFramework(db);
  let bills = 0;
  let fees = 0;
  for (const kg of kindergartens) {
    const tpl: Record<string, { id: number; items: PriceItem[] }> = {};
    for (const level of CLASS_LEVELS) {
      const items = templateItems(level);
      const r = await db
        .insertInto("tuition_templates")
        .values({
          kindergarten_id: kg,
          name: `${level} term`,
          level,
          period: "term",
          items: JSON.stringify(items),
          monthly_fen: items.reduce((s, i) => s + i.amountFen, 0),
          created_at: T0,
          updated_at: T0,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      tpl[level] = { id: Number(r.id), items };
    }
    const students = await db
      .selectFrom("students as s")
      .innerJoin("classes as c", "c.id", "s.class_id")
      .select(["s.id", "c.level"])
      .where("s.kindergarten_id", "=", kg)
      .orderBy("s.id")
      .execute();
    for (const [term, title, day] of [
      ["autumn", "2025秋季学期学费", "2025-09-05"],
      ["spring", "2026春季学期学费", "2026-02-25"],
    ] as const) {
      const rows = students.map((s, i) => {
        const t = tpl[s.level]!;
        const discount = i % 11 === 0 ? 10 : 0;
        const b = computeBill(t.items, "term", discount, 0);
        const status = term === "autumn" ? "paid" : (["paid", "paidUnconfirmed", "pending", "announced", "unannounced"] as const)[i % 5]!;
        return {
          kindergarten_id: kg,
          student_id: Number(s.id),
          template_id: t.id,
          title,
          period: "term" as const,
          discount,
          use_deposit: 0,
          lines: JSON.stringify(b.lines),
          subtotal_fen: b.subtotalFen,
          discount_fen: b.discountFen,
          deposit_fen: 0,
          amount_fen: b.amountFen,
          status,
          paid_via: status === "paid" || status === "paidUnconfirmed" ? (i % 2 ? "wechat" : "alipay") : null,
          due_date: day,
          created_by: null,
          created_at: `${day}T08:00:00.000Z`,
          updated_at: `${day}T08:00:00.000Z`,
        };
      });
      for (let i = 0; i < rows.length; i += 200) {
        const chunk = rows.slice(i, i + 200);
        const ids = await db.insertInto("tuition_bills").values(chunk).returning(["id", "student_id", "amount_fen", "status", "paid_via"]).execute();
        bills += ids.length;
        const paid = ids.filter((r) => r.status === "paid" || r.status === "paidUnconfirmed");
        if (paid.length)
          await db
            .insertInto("fee_records")
            .values(
              paid.map((r) => ({
                kindergarten_id: kg,
                bill_id: Number(r.id),
                student_id: Number(r.student_id),
                kind: "payment" as const,
                channel: r.paid_via ?? "wechat",
                amount_fen: Number(r.amount_fen),
                reference: `L-${r.id}`,
                remark: null,
                occurred_on: day,
                created_by: null,
                created_at: `${day}T09:00:00.000Z`,
              })),
            )
            .execute();
        fees += paid.length;
      }
    }
    await seedAssessmentsForKindergarten(db, kg, 2, null);
  }
  return { bills, fees };
}

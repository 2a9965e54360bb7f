import type { Generated } from "kysely";
import type { ClassLevel } from "@contract/entities/vocab";

/** Tables of migration 013_tuition_assessment (issue 14); listed in `Database` of api/db/schema.ts. Money: integer fen. */
type Id = Generated<number>;
type Ts = string;

export interface TuitionTemplatesTable {
  id: Id;
  kindergarten_id: number;
  name: string;
  level: ClassLevel;
  period: "month" | "term" | "year";
  /** JSON [{name, amountFen}] — monthly values */
  items: string;
  monthly_fen: number;
  created_at: Ts;
  updated_at: Ts;
}

export interface TuitionBillsTable {
  id: Id;
  kindergarten_id: number;
  student_id: number;
  template_id: number | null;
  title: string;
  period: "month" | "term" | "year";
  discount: number;
  use_deposit: number;
  /** JSON [{name, unitFen, months, amountFen}] */
  lines: string;
  subtotal_fen: number;
  discount_fen: number;
  deposit_fen: number;
  amount_fen: number;
  status: string;
  paid_via: string | null;
  due_date: string | null;
  created_by: number | null;
  created_at: Ts;
  updated_at: Ts;
}

export interface FeeRecordsTable {
  id: Id;
  kindergarten_id: number;
  bill_id: number | null;
  student_id: number;
  kind: "payment" | "refund";
  channel: string;
  amount_fen: number;
  reference: string | null;
  remark: string | null;
  occurred_on: string;
  created_by: number | null;
  created_at: Ts;
}

export interface PaymentOrdersTable {
  id: Id;
  bill_id: number;
  kindergarten_id: number;
  provider: string;
  order_no: string;
  amount_fen: number;
  status: "open" | "paid" | "closed";
  created_by: number | null;
  created_at: Ts;
  paid_at: Ts | null;
}

export interface PaymentNotificationsTable {
  id: Id;
  provider: string;
  notify_id: string;
  order_no: string;
  amount_fen: number;
  outcome: string;
  received_at: Ts;
}

export interface RefundCalculationsTable {
  id: Id;
  kindergarten_id: number;
  name: string;
  student_id: number | null;
  method: "days" | "months";
  basis: "daily" | "monthly";
  price_fen: number;
  rounding: "halfUp" | "down" | "up";
  month_days: string;
  absence: string;
  item_names: string;
  lines: string;
  total_fen: number;
  created_at: Ts;
  updated_at: Ts;
}

export interface PayrollsTable {
  id: Id;
  kindergarten_id: number;
  month: string;
  staff_name: string;
  staff_phone: string;
  base_fen: number;
  allowances_fen: number;
  deductions_fen: number;
  net_fen: number;
  remark: string | null;
  created_at: Ts;
  updated_at: Ts;
}

export interface DepositEntriesTable {
  id: Id;
  kindergarten_id: number;
  student_id: number;
  kind: "deposit" | "use" | "refund";
  amount_fen: number;
  balance_fen: number;
  bill_id: number | null;
  remark: string | null;
  created_by: number | null;
  created_at: Ts;
}

export interface DepositBalancesTable {
  id: Id;
  student_id: number;
  kindergarten_id: number;
  balance_fen: number;
  updated_at: Ts;
}

export interface TuitionReconciliationsTable {
  id: Id;
  kindergarten_id: number;
  month: string;
  admission_fen: number;
  admission_lines: string | null;
  finance_fen: number;
  status: string;
  remark: string | null;
  created_at: Ts;
  updated_at: Ts;
}

export interface AssessmentCategoriesTable {
  id: Id;
  name: string;
  name_en: string | null;
  sort: number;
  created_at: Ts;
}

export interface AssessmentObjectivesTable {
  id: Id;
  category_id: number;
  name: string;
  name_en: string | null;
  level: ClassLevel;
  created_at: Ts;
}

export interface AssessmentItemsTable {
  id: Id;
  objective_id: number;
  time: "beginning" | "middle" | "end";
  content: string;
  content_en: string | null;
  max_score: number;
  created_at: Ts;
}

export interface StudentAssessmentsTable {
  id: Id;
  kindergarten_id: number;
  student_id: number;
  class_id: number | null;
  level: ClassLevel;
  school_year: string;
  time: "beginning" | "middle" | "end";
  /** JSON {itemId: score} */
  scores: string;
  total_score: number;
  assessed_by: number | null;
  remark: string | null;
  created_at: Ts;
  updated_at: Ts;
}

export interface TuitionTables {
  tuition_templates: TuitionTemplatesTable;
  tuition_bills: TuitionBillsTable;
  fee_records: FeeRecordsTable;
  payment_orders: PaymentOrdersTable;
  payment_notifications: PaymentNotificationsTable;
  refund_calculations: RefundCalculationsTable;
  payrolls: PayrollsTable;
  deposit_entries: DepositEntriesTable;
  deposit_balances: DepositBalancesTable;
  tuition_reconciliations: TuitionReconciliationsTable;
  assessment_categories: AssessmentCategoriesTable;
  assessment_objectives: AssessmentObjectivesTable;
  assessment_items: AssessmentItemsTable;
  student_assessments: StudentAssessmentsTable;
}

import type { Generated } from "kysely";

type Id = Generated<number>;

/** Migration 014_admission (issue 15): the admissions CRM and personal-information protection. Amounts in fen. */
export interface AdmissionCustomersTable {
  id: Id;
  kindergarten_id: number;
  kid_name: string;
  nickname: string | null;
  nation: string | null;
  contact_name: string | null;
  relationship: string | null;
  phone: string | null;
  reserved_class_id: number | null;
  bus: string | null;
  source: string;
  /** new → contacted → toured → reserved → paid; lost (opportunity failed). */
  stage: string;
  /** unconcluded | success | failed */
  opportunity: string;
  close_reason: string | null;
  lost_stage: string | null;
  intention: number;
  owner_user_id: number | null;
  introducer_id: number | null;
  applicant_user_id: number | null;
  remarks: string | null;
  paid_at: string | null;
  lost_at: string | null;
  anonymised_at: string | null;
  created_at: string;
  updated_at: string;
}
export interface AdmissionCommunicationsTable {
  id: Id;
  kindergarten_id: number;
  customer_id: number;
  date: string;
  method: string;
  content: string;
  next_step: string | null;
  created_by: number | null;
  created_at: string;
}
export interface AdmissionAppointmentsTable {
  id: Id;
  kindergarten_id: number;
  customer_id: number;
  date: string;
  time: string;
  kind: string;
  /** todo | done | cancelled */
  status: string;
  teacher_user_id: number | null;
  remarks: string | null;
  reminded_at: string | null;
  created_at: string;
}
export interface AdmissionReconciliationsTable {
  id: Id;
  kindergarten_id: number;
  customer_id: number;
  deposit: number;
  deposit_to_full: number;
  full_amount: number;
  discount: number;
  refund: number;
  coupon: string | null;
  /** pending_admission → pending_finance → done (done by finance) */
  status: string;
  remarks: string | null;
  created_at: string;
  updated_at: string;
}
export interface AdmissionChargingStandardsTable {
  id: Id;
  kindergarten_id: number;
  level: string;
  item: string;
  item_en: string | null;
  period: string;
  amount: number;
}
export interface AdmissionClassPlacesTable {
  id: Id;
  kindergarten_id: number;
  class_id: number;
  capacity: number;
}
export interface AdmissionYearPlansTable {
  id: Id;
  kindergarten_id: number;
  year: number;
  month: number;
  target: number;
}
export interface ProtectionRequestsTable {
  id: Id;
  kindergarten_id: number;
  /** access | correction | deletion */
  kind: string;
  /** student | user | customer */
  subject_type: string;
  subject_id: number;
  subject_label: string;
  requester: string;
  details: string | null;
  /** pending | scheduled | done | rejected */
  status: string;
  outcome: string | null;
  created_by: number | null;
  created_at: string;
  done_at: string | null;
}
export interface ProtectionRetentionRulesTable {
  id: Id;
  kindergarten_id: number;
  /** applicants | leavers | audit */
  kind: string;
  months: number;
  enabled: number;
  updated_at: string;
}
export interface ProtectionJobLogTable {
  id: Id;
  kindergarten_id: number;
  slot: string;
  request_id: number | null;
  rule: string | null;
  subject_type: string;
  subject_id: number;
  action: string;
  /** JSON: the fields cleared */
  fields: string;
  files: number;
  /** ok | failed */
  result: string;
  at: string;
}
export interface AdmissionTables {
  admission_customers: AdmissionCustomersTable;
  admission_communications: AdmissionCommunicationsTable;
  admission_appointments: AdmissionAppointmentsTable;
  admission_reconciliations: AdmissionReconciliationsTable;
  admission_charging_standards: AdmissionChargingStandardsTable;
  admission_class_places: AdmissionClassPlacesTable;
  admission_year_plans: AdmissionYearPlansTable;
  protection_requests: ProtectionRequestsTable;
  protection_retention_rules: ProtectionRetentionRulesTable;
  protection_job_log: ProtectionJobLogTable;
}

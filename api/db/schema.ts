import type { ColumnType, Generated } from "kysely";
import type { AdmissionTables } from "./schema-admission";
import type { Flag } from "@contract/optional-function";
import { CLASS_LEVELS, STUDENT_STATUSES, type ClassLevel, type Gender, type KindergartenVersion, type StudentStatus } from "@contract/entities/vocab";
import type { DailyTables } from "./schema-daily";
import type { TuitionTables } from "@api/tuition/schema";
import type { TeachingTables } from "@api/teaching/schema";

export { CLASS_LEVELS, STUDENT_STATUSES, type ClassLevel, type StudentStatus };

/** Kysely's typed view of the schema created by api/db/migrations.ts (snake_case columns; flags verbatim). */
type Id = Generated<number>;
/** 0/1 integer booleans (architecture.md "Data"). */
type Bool = number;
type Ts = string;

export interface EducationGroupsTable {
  id: Id;
  name: string;
  name_en: string | null;
  created_at: Ts;
}

export interface KindergartensTable {
  id: Id;
  name: string;
  name_en: string | null;
  education_group_id: number;
  province: string | null;
  city: string | null;
  area: string | null;
  address: string | null;
  longitude: number | null;
  latitude: number | null;
  contract_start: string | null;
  contract_end: string | null;
  max_classes: number;
  version: KindergartenVersion;
  registration_code: string;
  created_at: Ts;
  updated_at: Ts;
}

export interface ClassesTable {
  id: Id;
  kindergarten_id: number;
  name: string;
  name_en: string | null;
  level: ClassLevel;
  created_at: Ts;
}

export interface ClassTeachersTable {
  id: Id;
  class_id: number;
  user_id: number;
}

export interface PlacesTable {
  id: Id;
  kindergarten_id: number;
  name: string;
  capacity: number | null;
  remark: string | null;
}

export interface UsersTable {
  id: Id;
  real_name: string;
  phone: string;
  password_hash: string;
  gender: Gender | null;
  enabled: Bool;
  email: string | null;
  education_group_id: number | null;
  kindergarten_id: number | null;
  class_id: number | null;
  default_role_id: number;
  bonus_points: number;
  must_reset_password: Bool;
  introducer_id: number | null;
  created_at: Ts;
  updated_at: Ts;
  /** The user's photo (files.id), issue 10. */
  photo_file_id: Generated<number | null>;
}

export interface UserRolesTable {
  id: Id;
  user_id: number;
  role_id: number;
}

export interface UserKindergartenBindingTable {
  id: Id;
  user_id: number;
  kindergarten_id: number;
  created_at: Ts;
}

export interface ExpertTeachersTable {
  id: Id;
  expert_id: number;
  teacher_id: number;
}

export interface StudentParentsTable {
  id: Id;
  student_id: number;
  parent_id: number;
  relationship: string | null;
}

/** 018: a self-registered parent's request to be bound to a child (pending → approved | refused). */
export interface ParentLinkRequestsTable {
  id: Id;
  kindergarten_id: number;
  class_id: number;
  student_id: number;
  parent_id: number;
  status: "pending" | "approved" | "refused";
  review_comment: string | null;
  reviewed_by: number | null;
  reviewed_at: string | null;
  created_at: Ts;
}

export interface DoctorStudentsTable {
  id: Id;
  doctor_id: number;
  student_id: number;
}

export interface BusesTable {
  id: Id;
  kindergarten_id: number;
  name: string;
  plate_number: string | null;
  /** JSON text: [{ name, morning: "07:30" | null, afternoon: "16:40" | null }] (null = no stop). */
  stations: string;
  teacher1_id: number | null;
  teacher2_id: number | null;
  /** Seats (migration 010); null = not given. */
  seats: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface BusTeachersTable {
  id: Id;
  bus_id: number;
  user_id: number;
}

export interface StudentsTable {
  id: Id;
  kindergarten_id: number;
  class_id: number | null;
  name: string;
  english_name: string | null;
  gender: Gender | null;
  birthday: string | null;
  status: StudentStatus;
  nationality: string | null;
  photo_url: string | null;
  enrolled_on: string | null;
  health_history: string | null;
  allergies: string | null;
  medical_notes: string | null;
  /** JSON text: [{ name, relationship, phone }] */
  emergency_contacts: string | null;
  insurance_company: string | null;
  insurance_policy_no: string | null;
  insurance_expires: string | null;
  bus_requested: Bool;
  bus_id: number | null;
  bus_station: string | null;
  photo_consent: Bool;
  home_language: string | null;
  other_languages: string | null;
  language_notes: string | null;
  father_name: string | null;
  father_phone: string | null;
  father_company: string | null;
  father_position: string | null;
  father_email: string | null;
  mother_name: string | null;
  mother_phone: string | null;
  mother_company: string | null;
  mother_position: string | null;
  mother_email: string | null;
  home_address: string | null;
  ic_card_no: string | null;
  remark: string | null;
  /** 009_students */
  id_type: string | null;
  id_number: string | null;
  photo_file_id: number | null;
  created_at: Ts;
  updated_at: Ts;
}

export type OptionalFunctionsTable = { id: Id; kindergarten_id: number } & Record<Flag, Bool> & {
    isUploadOriginalImage: Bool;
    isShowMonitoring: Bool;
    isShowObservationAnalysis: Bool;
    teachingRecordLimit: number;
    classCirclePostLimit: number;
    videoLengthSeconds: number;
    assistantSessionCount: number;
  };

export interface TokensTable {
  id: Id;
  token_hash: string;
  user_id: number;
  role_id: number;
  kindergarten_id: number | null;
  platform: string;
  created_at: Ts;
  expires_at: Ts;
  revoked_at: Ts | null;
  /** 1: a WeChat applicant session, role 13 only (migration 005). */
  applicant_only: Generated<Bool>;
  /** An applicant session's phone, verified when it began (WeChat's phone payload or an SMS code; migration 020). */
  verified_phone: string | null;
}

/** One row per phone: failed logins of the current window and the lock (migration 004; api/auth/lockout.ts). */
export interface LoginLocksTable {
  phone: string;
  failures: number;
  window_start: Ts;
  locked_until: Ts | null;
}

/** Points consumed per rate-limit key until expires_at (migration 004; api/auth/rate-limit.ts). */
export interface RateLimitsTable {
  key: string;
  points: number;
  expires_at: Ts | null;
}

export interface SmsCodesTable {
  id: Id;
  phone: string;
  purpose: string;
  code_hash: string;
  created_at: Ts;
  expires_at: Ts;
  used_at: Ts | null;
  attempts: number;
}

export interface WechatCodesTable {
  id: Id;
  code: string;
  openid: string;
  nickname: string;
  phone: string;
  created_at: Ts;
  expires_at: Ts;
  used_at: Ts | null;
}

export interface WechatAccountsTable {
  id: Id;
  openid: string;
  app_id: string;
  user_id: number;
  nickname: string | null;
  created_at: Ts;
}

/** Direct-upload keys (019_upload_claims): put once, registered once, counted in the uploader's temporary quota. */
export interface UploadClaimsTable {
  id: Id;
  user_id: number;
  object_key: string;
  kind: string;
  bytes: number;
  created_at: Ts;
  expires_at: Ts;
  put_at: Ts | null;
  registered_at: Ts | null;
}

export interface StorageCredentialsTable {
  id: Id;
  access_key_id: string;
  secret_hash: string;
  token_hash: string;
  user_id: number;
  bucket: string;
  prefix: string;
  created_at: Ts;
  expires_at: Ts;
}

export interface AuditLogTable {
  id: Id;
  user_id: number | null;
  role_id: number | null;
  action: string;
  entity: string;
  entity_id: number | null;
  before: string | null;
  after: string | null;
  at: ColumnType<string, string, never>;
}

export interface PunchSettingsTable {
  id: Id;
  kindergarten_id: number;
  wifi_name: string | null;
  /** JSON text: ["aa:bb:cc:dd:ee:ff", …] (at most 5). */
  mac_addresses: string;
  work_start: string;
  work_end: string;
  enabled: Bool;
  updated_at: Ts;
}

export interface PunchRecordsTable {
  id: Id;
  user_id: number;
  kindergarten_id: number;
  date: string;
  clock_in: string | null;
  clock_out: string | null;
  wifi_name: string | null;
  mac: string | null;
}

export interface StudentAttendanceTable {
  id: Id;
  student_id: number;
  kindergarten_id: number;
  class_id: number | null;
  date: string;
  status: "present" | "absent" | "leave";
  /** 009_students: where the record came from, arrival time, late flag (late counts as present), last change. */
  source: Generated<"manual" | "face" | "ic" | "bus">;
  arrived_at: string | null;
  late: Generated<Bool>;
  updated_by: number | null;
  updated_at: string | null;
}

/** 009_students: who changed an attendance entry from what to what. */
export interface StudentAttendanceChangesTable {
  id: Id;
  student_id: number;
  kindergarten_id: number;
  date: string;
  from_status: string | null;
  to_status: string;
  from_late: Bool | null;
  to_late: Bool;
  source: string;
  remark: string | null;
  changed_by: number | null;
  changed_at: Ts;
}

export interface LeaveNotesTable {
  id: Id;
  kindergarten_id: number;
  student_id: number;
  class_id: number | null;
  type: "absence" | "exemption";
  reason: "personal" | "sick" | "bus";
  /** YYYY-MM-DD, inclusive */
  start_date: string;
  end_date: string;
  status: "waiting" | "passed" | "denied";
  remark: string | null;
  created_by: number | null;
  reviewed_by: number | null;
  review_comment: string | null;
  reviewed_at: string | null;
  created_at: Ts;
}

export interface StudentStatusHistoryTable {
  id: Id;
  student_id: number;
  kindergarten_id: number;
  from_status: string | null;
  to_status: string;
  reason: string | null;
  changed_by: number | null;
  changed_at: Ts;
}

export interface StudentManualsTable {
  id: Id;
  kindergarten_id: number;
  version: number;
  title: string;
  content: string;
  note: string | null;
  created_by: number | null;
  created_at: Ts;
}

export interface StudentSettingsTable {
  id: Id;
  kindergarten_id: number;
  /** HH:MM local time; an arrival after it is late */
  late_after: Generated<string>;
  age06_url: string | null;
  updated_by: number | null;
  updated_at: string | null;
}

export interface Database extends AdmissionTables, TeachingTables, TuitionTables, DailyTables {
  punch_settings: PunchSettingsTable;
  punch_records: PunchRecordsTable;
  student_attendance: StudentAttendanceTable;
  student_attendance_changes: StudentAttendanceChangesTable;
  leave_notes: LeaveNotesTable;
  student_status_history: StudentStatusHistoryTable;
  student_manuals: StudentManualsTable;
  student_settings: StudentSettingsTable;
  education_groups: EducationGroupsTable;
  kindergartens: KindergartensTable;
  classes: ClassesTable;
  class_teachers: ClassTeachersTable;
  places: PlacesTable;
  users: UsersTable;
  user_roles: UserRolesTable;
  principal_kindergartens: UserKindergartenBindingTable;
  pro_teacher_kindergartens: UserKindergartenBindingTable;
  expert_teachers: ExpertTeachersTable;
  student_parents: StudentParentsTable;
  parent_link_requests: ParentLinkRequestsTable;
  doctor_students: DoctorStudentsTable;
  buses: BusesTable;
  bus_teachers: BusTeachersTable;
  students: StudentsTable;
  optional_functions: OptionalFunctionsTable;
  tokens: TokensTable;
  login_locks: LoginLocksTable;
  rate_limits: RateLimitsTable;
  sms_codes: SmsCodesTable;
  wechat_codes: WechatCodesTable;
  wechat_accounts: WechatAccountsTable;
  storage_credentials: StorageCredentialsTable;
  upload_claims: UploadClaimsTable;
  audit_log: AuditLogTable;
  push_notifications: PushNotificationsTable;
  push_outbox: PushOutboxTable;
  files: FilesTable;
  form_templates: FormTemplatesTable;
  form_answers: FormAnswersTable;
  bus_riders: BusRidersTable;
  bus_rides: BusRidesTable;
  devices: DevicesTable;
  device_events: DeviceEventsTable;
  cameras: CamerasTable;
  student_ic_cards: StudentIcCardsTable;
}

/** Dynamic forms: templates (fields: the JSON description of contract/dynamic-form.ts) and their answers (JSON by field key). */
export interface FormTemplatesTable {
  id: Id;
  kindergarten_id: number;
  title: string;
  description: string | null;
  fields: string;
  created_by: number | null;
  created_at: Ts;
  updated_at: Ts;
  /** Recipients (015): JSON arrays of role ids and class ids; empty = not narrowed. */
  recipient_role_ids: Generated<string>;
  recipient_class_ids: Generated<string>;
}

export interface FormAnswersTable {
  id: Id;
  template_id: number;
  kindergarten_id: number;
  user_id: number;
  answers: string;
  created_at: Ts;
}

/** Stored files (api/services/storage/files.ts): temporary until a record uses them, then in the main bucket. */
export interface FilesTable {
  id: Id;
  bucket: "main" | "temp";
  object_key: string;
  thumb_key: string | null;
  kind: string;
  name: string;
  content_type: string;
  size: number;
  owner_user_id: number;
  record_type: string | null;
  record_id: number | null;
  created_at: Ts;
  claimed_at: Ts | null;
}

/** User management: push notifications (role_ids / kindergarten_ids: JSON arrays; phones: the persons as typed). */
export interface PushNotificationsTable {
  id: Id;
  title: string;
  content: string | null;
  role_ids: string;
  kindergarten_ids: string;
  phones: string | null;
  status: "draft" | "sent";
  recipient_count: number;
  created_by: number | null;
  created_at: Ts;
  updated_at: Ts;
  sent_at: Ts | null;
}

/** The local PushProvider's outbox: one delivery per recipient user. */
export interface PushOutboxTable {
  id: Id;
  notification_id: number;
  user_id: number;
  title: string;
  content: string;
  created_at: Ts;
}

export type TableName = keyof Database & string;

/** School buses and devices (migration 010_buses_devices, docs/sections/buses-devices.md). */
export interface BusRidersTable {
  id: Id;
  kindergarten_id: number;
  bus_id: number;
  student_id: number;
  station: string;
  /** Round trip, km (fee band: under 10, 10–20, over 20). */
  distance_km: number;
  created_at: Ts;
}

export interface BusRidesTable {
  id: Id;
  kindergarten_id: number;
  bus_id: number;
  student_id: number;
  date: string;
  trip: "morning" | "afternoon";
  station: string | null;
  boarded_at: string | null;
  alighted_at: string | null;
  updated_by: number | null;
  updated_at: Ts;
}

export interface DevicesTable {
  id: Id;
  kindergarten_id: number;
  /** "A" (/device/faceDevice) or "B" (/device/faceDevice2). */
  kind: "A" | "B";
  serial_no: string;
  name: string;
  secret_hash: string;
  last_heartbeat_at: Ts | null;
  last_event_at: Ts | null;
  created_at: Ts;
}

export interface DeviceEventsTable {
  id: Id;
  device_id: number;
  kindergarten_id: number;
  event_id: string;
  method: "face" | "ic";
  student_id: number | null;
  card_no: string | null;
  occurred_at: Ts;
  received_at: Ts;
  result: "accepted" | "refused";
  reason: string | null;
}

export interface CamerasTable {
  id: Id;
  kindergarten_id: number;
  name: string;
  live_url: string;
  sort: number;
  created_at: Ts;
}

export interface StudentIcCardsTable {
  id: Id;
  kindergarten_id: number;
  student_id: number;
  card_no: string;
  status: "active" | "lost" | "replaced";
  issued_at: Ts;
  lost_at: Ts | null;
}

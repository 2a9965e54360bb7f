import type { Generated } from "kysely";

/** Tables of migration 012_daily (issue 13, the Daily section); listed in `Database` of api/db/schema.ts. */
type Id = Generated<number>;
type Ts = string;

export type MedicationStatus = "todo" | "done" | "cancelled";
export interface MedicationsTable {
  id: Id;
  kindergarten_id: number;
  student_id: number;
  class_id: number | null;
  /** YYYY-MM-DD: the day the doses are due */
  date: string;
  medicine: string;
  dose: string;
  /** HH:MM times of the day, comma separated ("08:30,12:00") */
  times: string;
  photo_file_id: number | null;
  note: string | null;
  status: MedicationStatus;
  requested_by: number | null;
  given_by: number | null;
  given_at: string | null;
  created_at: Ts;
  updated_at: Ts;
}

export interface NoticesTable {
  id: Id;
  kindergarten_id: number;
  title: string;
  content: string | null;
  /** kindergarten | classes | roles */
  audience: string;
  /** JSON number arrays */
  class_ids: string;
  role_ids: string;
  image_file_id: number | null;
  video_file_id: number | null;
  status: "draft" | "published";
  recipient_count: number;
  created_by: number | null;
  created_at: Ts;
  updated_at: Ts;
  published_at: string | null;
}

export interface NoticeRecipientsTable {
  id: Id;
  notice_id: number;
  user_id: number;
  read_at: string | null;
}

export interface EntrustsTable {
  id: Id;
  kindergarten_id: number;
  student_id: number;
  class_id: number | null;
  date: string;
  content: string;
  status: "to_confirm" | "confirmed";
  reply: string | null;
  confirmed_by: number | null;
  confirmed_at: string | null;
  created_by: number | null;
  created_at: Ts;
  updated_at: Ts;
}

export interface CareGreetingsTable {
  id: Id;
  kindergarten_id: number;
  student_id: number;
  class_id: number | null;
  kind: string;
  content: string;
  created_by: number | null;
  created_at: Ts;
  updated_at: Ts;
}

export interface ClassCirclePostsTable {
  id: Id;
  kindergarten_id: number;
  class_id: number;
  content: string;
  image_file_id: number | null;
  video_file_id: number | null;
  status: "visible" | "hidden";
  created_by: number | null;
  created_at: Ts;
  updated_at: Ts;
}

export interface ClassCircleCommentsTable {
  id: Id;
  post_id: number;
  kindergarten_id: number;
  user_id: number;
  content: string;
  status: "visible" | "hidden";
  created_at: Ts;
}

export interface HealthReportsTable {
  id: Id;
  kindergarten_id: number;
  class_id: number;
  date: string;
  present: number;
  absent: number;
  absent_ill: number;
  symptoms: string | null;
  temperature_checked: number;
  fever_count: number;
  note: string | null;
  reported_by: number | null;
  created_at: Ts;
  updated_at: Ts;
}

export interface NurseryRecordsTable {
  id: Id;
  kindergarten_id: number;
  class_id: number | null;
  student_id: number;
  date: string;
  mood: string | null;
  meals: string | null;
  hydration_ml: number | null;
  /** JSON arrays of "HH:MM" (toilet) and "HH:MM-HH:MM" (sleep), at most 8 each (section 9) */
  toilet_times: string;
  sleep_slots: string;
  health_note: string | null;
  recorded_by: number | null;
  created_at: Ts;
  updated_at: Ts;
}

export interface DailyTables {
  medications: MedicationsTable;
  notices: NoticesTable;
  notice_recipients: NoticeRecipientsTable;
  entrusts: EntrustsTable;
  care_greetings: CareGreetingsTable;
  class_circle_posts: ClassCirclePostsTable;
  class_circle_comments: ClassCircleCommentsTable;
  health_reports: HealthReportsTable;
  nursery_records: NurseryRecordsTable;
}

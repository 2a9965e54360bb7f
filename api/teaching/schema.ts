import type { Generated } from "kysely";

/** Tables of the Teaching section (migration 011_teaching, api/teaching/migration.ts). */
type Id = Generated<number>;

export interface EvaluatedRecordsTable {
  id: Id;
  kindergarten_id: number;
  class_id: number;
  student_id: number | null;
  teacher_id: number;
  title: string;
  content: string | null;
  happened_on: string;
  /** Unused since 016_record_images moved it into image_file_ids. */
  photo_file_id: number | null;
  /** JSON array of the record's image file ids, in order (016_record_images). */
  image_file_ids: Generated<string>;
  status: string;
  grade: string | null;
  evaluation: string | null;
  expert_id: number | null;
  submitted_at: string | null;
  evaluated_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface LessonPlansTable {
  id: Id;
  kindergarten_id: number;
  education_group_id: number;
  class_id: number | null;
  author_id: number;
  title: string;
  summary: string | null;
  week_of: string | null;
  pdf_file_id: number | null;
  preset_id: number | null;
  status: string;
  created_at: string;
  updated_at: string;
}

export interface PresetPlansTable {
  id: Id;
  kindergarten_id: number | null;
  title: string;
  level: string | null;
  summary: string | null;
  pdf_file_id: number | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface MediaRecordsTable {
  id: Id;
  kindergarten_id: number;
  class_id: number;
  student_id: number | null;
  author_id: number;
  title: string;
  content: string | null;
  recorded_on: string;
  /** Unused since 016_record_images moved it into image_file_ids. */
  photo_file_id: number | null;
  /** JSON array of the record's image file ids, in order (016_record_images). */
  image_file_ids: Generated<string>;
  video_file_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface HomeworksTable {
  id: Id;
  kindergarten_id: number;
  class_id: number;
  author_id: number;
  kind: string;
  title: string;
  content: string | null;
  due_on: string;
  created_at: string;
  updated_at: string;
}

export interface HomeworkSubmissionsTable {
  id: Id;
  homework_id: number;
  student_id: number;
  parent_id: number;
  content: string | null;
  /** Unused since 016_record_images moved it into image_file_ids. */
  photo_file_id: number | null;
  /** JSON array of the submission's image file ids, in order (016_record_images). */
  image_file_ids: Generated<string>;
  submitted_at: string;
}

export interface TrainingMaterialsTable {
  id: Id;
  kindergarten_id: number;
  education_group_id: number;
  reach: string;
  title: string;
  description: string | null;
  pdf_file_id: number | null;
  video_file_id: number | null;
  created_by: number | null;
  /** A read-only copy of a group-wide material of another kindergarten of the group (the original's id). */
  source_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface TeachingTables {
  observations: EvaluatedRecordsTable;
  course_records: EvaluatedRecordsTable;
  lesson_plans: LessonPlansTable;
  preset_plans: PresetPlansTable;
  teaching_records: MediaRecordsTable;
  student_works: MediaRecordsTable;
  homeworks: HomeworksTable;
  homework_submissions: HomeworkSubmissionsTable;
  training_materials: TrainingMaterialsTable;
}

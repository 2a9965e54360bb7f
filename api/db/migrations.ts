import { sql, type CreateTableBuilder, type Kysely, type Migration, type MigrationProvider } from "kysely";
import { FLAGS } from "@contract/optional-function";
import { jobsMigration } from "@api/jobs/migration";
import { admissionMigration } from "@api/db/migration-admission";
import { formRecipientsMigration } from "@api/db/migration-form-recipients";
import { recordImagesMigration } from "@api/db/migration-record-images";
import { parentLinkRequestsMigration } from "@api/db/migration-parent-link-requests";
import { uploadClaimsMigration } from "@api/db/migration-upload-claims";
import { applicantIdentityMigration } from "@api/db/migration-applicant-identity";
import { studentsMigration } from "@api/db/migration-students";
import { busesDevicesMigration } from "@api/db/migration-buses-devices";
import { dailyMigration } from "@api/db/migration-daily";
import { teachingMigration } from "@api/teaching/migration";
import { tuitionMigration } from "@api/tuition/migration";

export type DialectName = "sqlite" | "postgres";

/**
 * One set of migrations for both dialects. Portable types only (architecture.md "Data"):
 * integer ids, text strings, ISO text dates/timestamps, integer 0/1 booleans;
 * coordinates are `double precision` (REAL affinity on SQLite).
 */
export function migrationProvider(dialect: DialectName): MigrationProvider {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type TB = CreateTableBuilder<any, any>;
  const withId = (t: TB): TB =>
    dialect === "postgres" ? t.addColumn("id", "serial", (c) => c.primaryKey()) : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());

  const m001: Migration = {
    async up(db: Kysely<unknown>) {
      const table = (name: string) => withId(db.schema.createTable(name).ifNotExists());

      await table("education_groups")
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("name_en", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();

      await table("kindergartens")
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("name_en", "text")
        .addColumn("education_group_id", "integer", (c) => c.notNull().references("education_groups.id"))
        .addColumn("province", "text")
        .addColumn("city", "text")
        .addColumn("area", "text")
        .addColumn("address", "text")
        .addColumn("longitude", "double precision")
        .addColumn("latitude", "double precision")
        .addColumn("contract_start", "text")
        .addColumn("contract_end", "text")
        .addColumn("max_classes", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("version", "text", (c) => c.notNull().defaultTo("standard"))
        .addColumn("registration_code", "text", (c) => c.notNull().unique())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("kindergartens_group_idx").ifNotExists().on("kindergartens").column("education_group_id").execute();

      await table("classes")
        .addColumn("kindergarten_id", "integer", (c) => c.notNull().references("kindergartens.id"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("name_en", "text")
        .addColumn("level", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("classes_kg_idx").ifNotExists().on("classes").column("kindergarten_id").execute();

      await table("users")
        .addColumn("real_name", "text", (c) => c.notNull())
        .addColumn("phone", "text", (c) => c.notNull().unique())
        .addColumn("password_hash", "text", (c) => c.notNull())
        .addColumn("gender", "text")
        .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("email", "text")
        .addColumn("education_group_id", "integer", (c) => c.references("education_groups.id"))
        .addColumn("kindergarten_id", "integer", (c) => c.references("kindergartens.id"))
        .addColumn("class_id", "integer", (c) => c.references("classes.id"))
        .addColumn("default_role_id", "integer", (c) => c.notNull())
        .addColumn("bonus_points", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("must_reset_password", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("introducer_id", "integer")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("users_kg_idx").ifNotExists().on("users").column("kindergarten_id").execute();
      await db.schema.createIndex("users_group_idx").ifNotExists().on("users").column("education_group_id").execute();

      await table("user_roles")
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
        .addColumn("role_id", "integer", (c) => c.notNull())
        .addUniqueConstraint("user_roles_uq", ["user_id", "role_id"])
        .execute();
      await db.schema.createIndex("user_roles_role_idx").ifNotExists().on("user_roles").column("role_id").execute();

      await table("class_teachers")
        .addColumn("class_id", "integer", (c) => c.notNull().references("classes.id"))
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
        .addUniqueConstraint("class_teachers_uq", ["class_id", "user_id"])
        .execute();
      await db.schema.createIndex("class_teachers_user_idx").ifNotExists().on("class_teachers").column("user_id").execute();

      await table("places")
        .addColumn("kindergarten_id", "integer", (c) => c.notNull().references("kindergartens.id"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("capacity", "integer")
        .addColumn("remark", "text")
        .execute();

      for (const t of ["principal_kindergartens", "pro_teacher_kindergartens"]) {
        await table(t)
          .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
          .addColumn("kindergarten_id", "integer", (c) => c.notNull().references("kindergartens.id"))
          .addColumn("created_at", "text", (c) => c.notNull())
          .addUniqueConstraint(`${t}_uq`, ["user_id", "kindergarten_id"])
          .execute();
        await db.schema.createIndex(`${t}_kg_idx`).ifNotExists().on(t).column("kindergarten_id").execute();
      }

      await table("expert_teachers")
        .addColumn("expert_id", "integer", (c) => c.notNull().references("users.id"))
        .addColumn("teacher_id", "integer", (c) => c.notNull().references("users.id"))
        .addUniqueConstraint("expert_teachers_uq", ["expert_id", "teacher_id"])
        .execute();

      await table("buses")
        .addColumn("kindergarten_id", "integer", (c) => c.notNull().references("kindergartens.id"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("plate_number", "text")
        .addColumn("stations", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("teacher1_id", "integer", (c) => c.references("users.id"))
        .addColumn("teacher2_id", "integer", (c) => c.references("users.id"))
        .execute();

      await table("bus_teachers")
        .addColumn("bus_id", "integer", (c) => c.notNull().references("buses.id"))
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
        .addUniqueConstraint("bus_teachers_uq", ["bus_id", "user_id"])
        .execute();

      let students = table("students")
        .addColumn("kindergarten_id", "integer", (c) => c.notNull().references("kindergartens.id"))
        .addColumn("class_id", "integer", (c) => c.references("classes.id"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("english_name", "text")
        .addColumn("gender", "text")
        .addColumn("birthday", "text")
        .addColumn("status", "text", (c) => c.notNull().defaultTo("at_school"));
      for (const col of [
        "nationality",
        "photo_url",
        "enrolled_on",
        "health_history",
        "allergies",
        "medical_notes",
        "emergency_contacts",
        "insurance_company",
        "insurance_policy_no",
        "insurance_expires",
      ])
        students = students.addColumn(col, "text");
      students = students
        .addColumn("bus_requested", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("bus_id", "integer", (c) => c.references("buses.id"))
        .addColumn("bus_station", "text")
        .addColumn("photo_consent", "integer", (c) => c.notNull().defaultTo(0));
      for (const col of [
        "home_language",
        "other_languages",
        "language_notes",
        "father_name",
        "father_phone",
        "father_company",
        "father_position",
        "father_email",
        "mother_name",
        "mother_phone",
        "mother_company",
        "mother_position",
        "mother_email",
        "home_address",
        "ic_card_no",
        "remark",
      ])
        students = students.addColumn(col, "text");
      await students
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("students_kg_idx").ifNotExists().on("students").column("kindergarten_id").execute();
      await db.schema.createIndex("students_class_idx").ifNotExists().on("students").column("class_id").execute();

      await table("student_parents")
        .addColumn("student_id", "integer", (c) => c.notNull().references("students.id"))
        .addColumn("parent_id", "integer", (c) => c.notNull().references("users.id"))
        .addColumn("relationship", "text")
        .addUniqueConstraint("student_parents_uq", ["student_id", "parent_id"])
        .execute();
      await db.schema.createIndex("student_parents_parent_idx").ifNotExists().on("student_parents").column("parent_id").execute();

      await table("doctor_students")
        .addColumn("doctor_id", "integer", (c) => c.notNull().references("users.id"))
        .addColumn("student_id", "integer", (c) => c.notNull().references("students.id"))
        .addUniqueConstraint("doctor_students_uq", ["doctor_id", "student_id"])
        .execute();

      let of = table("optional_functions").addColumn("kindergarten_id", "integer", (c) => c.notNull().unique().references("kindergartens.id"));
      for (const f of [...FLAGS, "isUploadOriginalImage", "isShowMonitoring", "isShowObservationAnalysis"])
        of = of.addColumn(f, "integer", (c) => c.notNull().defaultTo(0));
      for (const f of ["teachingRecordLimit", "classCirclePostLimit", "assistantSessionCount"])
        of = of.addColumn(f, "integer", (c) => c.notNull().defaultTo(0));
      await of.addColumn("videoLengthSeconds", "integer", (c) => c.notNull().defaultTo(60)).execute();

      await table("tokens")
        .addColumn("token_hash", "text", (c) => c.notNull().unique())
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
        .addColumn("role_id", "integer", (c) => c.notNull())
        .addColumn("kindergarten_id", "integer")
        .addColumn("platform", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("revoked_at", "text")
        .execute();
      await db.schema.createIndex("tokens_user_idx").ifNotExists().on("tokens").column("user_id").execute();

      await table("login_attempts")
        .addColumn("phone", "text", (c) => c.notNull())
        .addColumn("ok", "integer", (c) => c.notNull())
        .addColumn("at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("login_attempts_phone_idx").ifNotExists().on("login_attempts").columns(["phone", "at"]).execute();

      await table("login_locks")
        .addColumn("phone", "text", (c) => c.notNull().unique())
        .addColumn("locked_until", "text", (c) => c.notNull())
        .execute();

      await table("sms_outbox")
        .addColumn("phone", "text", (c) => c.notNull())
        .addColumn("purpose", "text", (c) => c.notNull())
        .addColumn("content", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("sms_outbox_phone_idx").ifNotExists().on("sms_outbox").column("phone").execute();

      await table("sms_codes")
        .addColumn("phone", "text", (c) => c.notNull())
        .addColumn("purpose", "text", (c) => c.notNull())
        .addColumn("code_hash", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("used_at", "text")
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex("sms_codes_phone_idx").ifNotExists().on("sms_codes").columns(["phone", "created_at"]).execute();

      await table("wechat_codes")
        .addColumn("code", "text", (c) => c.notNull().unique())
        .addColumn("openid", "text", (c) => c.notNull())
        .addColumn("nickname", "text", (c) => c.notNull())
        .addColumn("phone", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("used_at", "text")
        .execute();

      await table("wechat_accounts")
        .addColumn("openid", "text", (c) => c.notNull().unique())
        .addColumn("app_id", "text", (c) => c.notNull())
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
        .addColumn("nickname", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();

      await table("storage_credentials")
        .addColumn("access_key_id", "text", (c) => c.notNull().unique())
        .addColumn("secret_hash", "text", (c) => c.notNull())
        .addColumn("token_hash", "text", (c) => c.notNull())
        .addColumn("user_id", "integer", (c) => c.notNull())
        .addColumn("bucket", "text", (c) => c.notNull())
        .addColumn("prefix", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .execute();

      await table("audit_log")
        .addColumn("user_id", "integer")
        .addColumn("role_id", "integer")
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("entity", "text", (c) => c.notNull())
        .addColumn("entity_id", "integer")
        .addColumn("before", "text")
        .addColumn("after", "text")
        .addColumn("at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("audit_log_entity_idx").ifNotExists().on("audit_log").columns(["entity", "entity_id"]).execute();
    },
    async down() {
      throw new Error("irreversible");
    },
  };

  /** Kindergarten management: punch-in settings (one row per kindergarten), punch-in records, student attendance. */
  const m002kg: Migration = {
    async up(db: Kysely<unknown>) {
      const table = (name: string) => withId(db.schema.createTable(name).ifNotExists());
      await table("punch_settings")
        .addColumn("kindergarten_id", "integer", (c) => c.notNull().unique().references("kindergartens.id"))
        .addColumn("wifi_name", "text")
        .addColumn("mac_addresses", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("work_start", "text", (c) => c.notNull().defaultTo("08:00"))
        .addColumn("work_end", "text", (c) => c.notNull().defaultTo("17:00"))
        .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await table("punch_records")
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
        .addColumn("kindergarten_id", "integer", (c) => c.notNull().references("kindergartens.id"))
        .addColumn("date", "text", (c) => c.notNull())
        .addColumn("clock_in", "text")
        .addColumn("clock_out", "text")
        .addColumn("wifi_name", "text")
        .addColumn("mac", "text")
        .execute();
      await db.schema.createIndex("punch_records_kg_date_idx").ifNotExists().on("punch_records").columns(["kindergarten_id", "date"]).execute();
      await db.schema.createIndex("punch_records_user_idx").ifNotExists().on("punch_records").columns(["user_id", "date"]).execute();
      await table("student_attendance")
        .addColumn("student_id", "integer", (c) => c.notNull().references("students.id"))
        .addColumn("kindergarten_id", "integer", (c) => c.notNull().references("kindergartens.id"))
        .addColumn("class_id", "integer")
        .addColumn("date", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("student_attendance_kg_date_idx").ifNotExists().on("student_attendance").columns(["kindergarten_id", "date"]).execute();
      await db.schema
        .createIndex("student_attendance_student_date_idx")
        .ifNotExists()
        .unique()
        .on("student_attendance")
        .columns(["student_id", "date"])
        .execute();
    },
    async down() {
      throw new Error("irreversible");
    },
  };

  /** User management: push notifications (drafts, sent) and the local push provider's outbox (one row per recipient). */
  const m003push: Migration = {
    async up(db: Kysely<unknown>) {
      const table = (name: string) => withId(db.schema.createTable(name).ifNotExists());
      await table("push_notifications")
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("content", "text")
        .addColumn("role_ids", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("kindergarten_ids", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("phones", "text")
        .addColumn("status", "text", (c) => c.notNull().defaultTo("draft"))
        .addColumn("recipient_count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_by", "integer")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addColumn("sent_at", "text")
        .execute();
      await table("push_outbox")
        .addColumn("notification_id", "integer", (c) => c.notNull())
        .addColumn("user_id", "integer", (c) => c.notNull())
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("content", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("push_outbox_notification_idx").ifNotExists().on("push_outbox").column("notification_id").execute();
      await db.schema.createIndex("push_outbox_user_idx").ifNotExists().on("push_outbox").column("user_id").execute();
    },
    async down() {
      throw new Error("irreversible");
    },
  };

  /**
   * Login lockout and rate limits as single rows changed by one atomic upsert each (parallel requests
   * used to read-then-write a log and slip past the lock). Locks still running are carried over.
   */
  const m004limits: Migration = {
    async up(db: Kysely<unknown>) {
      const locks = await sql<{ phone: string; locked_until: string }>`SELECT phone, locked_until FROM login_locks`.execute(db);
      // data: running locks are read above and written back below; past attempts are only counted, never kept.
      await db.schema.dropTable("login_locks").execute();
      // data: see above (attempts are replaced by the failure count of login_locks).
      await db.schema.dropTable("login_attempts").execute();
      await db.schema
        .createTable("login_locks")
        .addColumn("phone", "text", (c) => c.primaryKey())
        .addColumn("failures", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("window_start", "text", (c) => c.notNull())
        .addColumn("locked_until", "text")
        .execute();
      for (const l of locks.rows)
        await sql`INSERT INTO login_locks (phone, failures, window_start, locked_until) VALUES (${l.phone}, 0, ${l.locked_until}, ${l.locked_until})`.execute(
          db,
        );
      await db.schema
        .createTable("rate_limits")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("points", "integer", (c) => c.notNull())
        .addColumn("expires_at", "text")
        .execute();
      await db.schema.createIndex("rate_limits_expires_idx").on("rate_limits").column("expires_at").execute();
    },
    async down() {
      throw new Error("irreversible");
    },
  };

  /**
   * Tokens of the WeChat applicant login are marked: such a session holds role 13 only, whatever other roles
   * the phone's account has. The local SMS outbox table goes (codes are written to a file, never served).
   */
  const m005applicantSessions: Migration = {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("tokens")
        .addColumn("applicant_only", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      // data: discarded on purpose: SMS codes must not be kept readable (security review).
      await db.schema.dropTable("sms_outbox").ifExists().execute();
    },
    async down() {
      throw new Error("irreversible");
    },
  };

  /**
   * Files of records (issue 10, "Files"): one row per stored file, in the temporary bucket until the record
   * that uses it is saved (record_type, record_id), then in the main bucket; users get a photo.
   */
  const m006files: Migration = {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable("files").ifNotExists())
        .addColumn("bucket", "text", (c) => c.notNull())
        .addColumn("object_key", "text", (c) => c.notNull())
        .addColumn("thumb_key", "text")
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("content_type", "text", (c) => c.notNull())
        .addColumn("size", "integer", (c) => c.notNull())
        .addColumn("owner_user_id", "integer", (c) => c.notNull())
        .addColumn("record_type", "text")
        .addColumn("record_id", "integer")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("claimed_at", "text")
        .execute();
      await db.schema.createIndex("files_temp_idx").ifNotExists().on("files").columns(["bucket", "created_at"]).execute();
      await db.schema.createIndex("files_record_idx").ifNotExists().on("files").columns(["record_type", "record_id"]).execute();
      await db.schema.alterTable("users").addColumn("photo_file_id", "integer").execute();
    },
    async down() {
      throw new Error("irreversible");
    },
  };

  /**
   * Dynamic forms (issue 10): form templates built at run time (`fields`: the JSON description of
   * contract/dynamic-form.ts) and the answers recipients submit (`answers`: JSON object keyed by field key).
   */
  const m007dynamicForms: Migration = {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable("form_templates").ifNotExists())
        .addColumn("kindergarten_id", "integer", (c) => c.notNull().references("kindergartens.id"))
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("description", "text")
        .addColumn("fields", "text", (c) => c.notNull())
        .addColumn("created_by", "integer")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("form_templates_kg_idx").ifNotExists().on("form_templates").column("kindergarten_id").execute();
      await withId(db.schema.createTable("form_answers").ifNotExists())
        .addColumn("template_id", "integer", (c) => c.notNull().references("form_templates.id"))
        .addColumn("kindergarten_id", "integer", (c) => c.notNull().references("kindergartens.id"))
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
        .addColumn("answers", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("form_answers_template_idx").ifNotExists().on("form_answers").column("template_id").execute();
    },
    async down() {
      throw new Error("irreversible");
    },
  };

  /**
   * Issue 25: platform (6) and group (9, 10, 15, 16) accounts are of no kindergarten, so that no kindergarten-scoped
   * rule reaches them. An account holding only such roles loses its kindergarten; a group account keeps (or takes
   * from that kindergarten) its group; a platform-only account has none. Their open sessions lose it too.
   */
  const m017accountScope: Migration = {
    async up(db: Kysely<unknown>) {
      const above = sql.join([6, 9, 10, 15, 16]);
      const group = sql.join([9, 10, 15, 16]);
      const onlyAbove = sql`not exists (select 1 from user_roles r where r.user_id = users.id and r.role_id not in (${above}))
        and exists (select 1 from user_roles r where r.user_id = users.id)`;
      await sql`update users set education_group_id = coalesce(education_group_id,
          (select k.education_group_id from kindergartens k where k.id = users.kindergarten_id))
        where ${onlyAbove} and exists (select 1 from user_roles r where r.user_id = users.id and r.role_id in (${group}))`.execute(db);
      await sql`update users set education_group_id = null
        where ${onlyAbove} and not exists (select 1 from user_roles r where r.user_id = users.id and r.role_id in (${group}))`.execute(db);
      await sql`update users set kindergarten_id = null, class_id = null where ${onlyAbove}`.execute(db);
      await sql`update tokens set kindergarten_id = null where role_id in (${above})`.execute(db);
    },
    async down() {
      throw new Error("irreversible");
    },
  };

  return {
    async getMigrations() {
      return {
        "001_core": m001,
        "002_kindergarten_management": m002kg,
        "003_push_notifications": m003push,
        "004_login_locks_and_rate_limits": m004limits,
        "005_applicant_sessions": m005applicantSessions,
        "006_files": m006files,
        "007_dynamic_forms": m007dynamicForms,
        "008_jobs": jobsMigration(dialect),
        "009_students": studentsMigration(dialect),
        "010_buses_devices": busesDevicesMigration(dialect),
        "011_teaching": teachingMigration(dialect),
        "012_daily": dailyMigration(dialect),
        "013_tuition_assessment": tuitionMigration(dialect),
        "014_admission": admissionMigration(dialect),
        "015_form_recipients": formRecipientsMigration(),
        "016_record_images": recordImagesMigration(),
        "017_account_scope": m017accountScope,
        "018_parent_link_requests": parentLinkRequestsMigration(dialect),
        "019_upload_claims": uploadClaimsMigration(dialect),
        "020_applicant_identity": applicantIdentityMigration(),
      };
    },
  };
}

/** After explicit-id inserts on PostgreSQL, move each serial sequence past the largest id. */
export async function syncSequences(db: Kysely<unknown>, dialect: DialectName, tables: string[]) {
  if (dialect !== "postgres") return;
  for (const t of tables) {
    await sql`SELECT setval(pg_get_serial_sequence(${t}, 'id'), COALESCE((SELECT MAX(id) FROM ${sql.table(t)}), 0) + 1, false)`.execute(db);
  }
}

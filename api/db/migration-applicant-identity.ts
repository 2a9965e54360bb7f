import { sql, type Kysely, type Migration } from "kysely";

/**
 * 020_applicant_identity (issue 25, items 1 and 8): an applicant session carries the phone that was verified when it
 * began (`tokens.verified_phone`: WeChat's decrypted phone payload or an SMS code), and applicants are their own users:
 * role 13 is no longer added to a staff or parent account. The role-13 grants earlier logins added to such accounts
 * go, and the applicant sessions that acted as those accounts end (their holders sign in again and get their own user).
 */
export function applicantIdentityMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("tokens").addColumn("verified_phone", "text").execute();
      await separateApplicantsFromAccounts(db);
    },
    async down() {
      throw new Error("irreversible");
    },
  };
}

/** The data step of 020 (same statements on SQLite and PostgreSQL). */
export async function separateApplicantsFromAccounts(db: Kysely<unknown>) {
  const now = new Date().toISOString();
  await sql`UPDATE tokens SET revoked_at = ${now}
    WHERE applicant_only = 1 AND revoked_at IS NULL
      AND EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = tokens.user_id AND r.role_id <> 13)`.execute(db);
  await sql`DELETE FROM user_roles WHERE role_id = 13
      AND EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = user_roles.user_id AND r.role_id <> 13)`.execute(db);
}

import { createHash, randomBytes } from "node:crypto";
import type { Db } from "@api/db";
import type { Writer } from "@api/db/audit";
import { unauthorized } from "@api/http";

export const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

/**
 * A new random token (32 bytes, base64url); only its sha256 is stored. `applicantOnly` marks a WeChat applicant
 * session: it holds role 13 only and never switches (routes/token.ts).
 */
export async function issueToken(
  w: Writer,
  opts: {
    userId: number;
    roleId: number;
    kindergartenId: number | null;
    platform: string;
    ttlSeconds: number;
    applicantOnly?: boolean;
    /** The applicant's phone as verified at sign-in (WeChat's phone payload or an SMS code). */
    verifiedPhone?: string | null;
  },
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const now = Date.now();
  await w.insert(
    "tokens",
    {
      token_hash: sha256(token),
      user_id: opts.userId,
      role_id: opts.roleId,
      kindergarten_id: opts.kindergartenId,
      platform: opts.platform,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + opts.ttlSeconds * 1000).toISOString(),
      revoked_at: null,
      applicant_only: opts.applicantOnly ? 1 : 0,
      verified_phone: opts.verifiedPhone ?? null,
    },
    "issue_token",
  );
  return token;
}

/** Whether a token is a WeChat applicant session (role 13 only, whatever the account's other roles). */
export async function isApplicantSession(db: Db, tokenId: number): Promise<boolean> {
  const row = await db.selectFrom("tokens").select("applicant_only").where("id", "=", tokenId).executeTakeFirst();
  return Number(row?.applicant_only) === 1;
}

/** The phone verified when an applicant session began; null for any other session (a password never verifies a phone). */
export async function verifiedPhoneOf(db: Db, tokenId: number): Promise<string | null> {
  const row = await db.selectFrom("tokens").select(["applicant_only", "verified_phone"]).where("id", "=", tokenId).executeTakeFirst();
  return Number(row?.applicant_only) === 1 ? (row?.verified_phone ?? null) : null;
}

export async function revokeToken(w: Writer, tokenId: number): Promise<void> {
  await w.update("tokens", tokenId, { revoked_at: new Date().toISOString() }, "revoke_token");
}

/**
 * Revokes a token that a switch replaces, in the switch's transaction, only if it is still live: exactly one
 * row must change, else 401 (a parallel switch with the same token got there first; on PostgreSQL the row
 * lock makes the second wait for the first's commit and then find it revoked).
 */
export async function replaceToken(w: Writer, tokenId: number): Promise<void> {
  const revokedAt = new Date().toISOString();
  const res = await w.trx.updateTable("tokens").set({ revoked_at: revokedAt }).where("id", "=", tokenId).where("revoked_at", "is", null).executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw unauthorized();
  // The audit row of the revocation (same value again: the Writer records it in the same transaction).
  await w.update("tokens", tokenId, { revoked_at: revokedAt }, "revoke_token");
}

/** Revokes every live token of a user (password change). */
export async function revokeAllTokens(w: Writer, userId: number): Promise<void> {
  const live = await w.trx.selectFrom("tokens").select("id").where("user_id", "=", userId).where("revoked_at", "is", null).execute();
  for (const row of live) await revokeToken(w, row.id);
}

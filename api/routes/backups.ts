import { createRoute, z } from "@hono/zod-openapi";
import { Role } from "@contract/roles";
import type { App, Deps } from "@api/context";
import { forbidden, ok } from "@api/http";
import { makeGuards, scopeOf } from "@api/auth/guards";
import { backupSettings } from "@api/jobs/backup";
import { jobDb } from "@api/jobs/types";
import { jsonReply, tokenHeader } from "./common";

const statusSchema = z
  .object({
    /** Scheduled backups are on (BACKUP_DIR is set). */
    configured: z.boolean(),
    /** BACKUP_CRON, read in school time (China). */
    schedule: z.string().nullable(),
    keep: z.number().int().nullable(),
    lastOk: z.object({ at: z.string(), archive: z.string().nullable(), bytes: z.number().nullable() }).nullable(),
    lastFailure: z.object({ at: z.string(), error: z.string().nullable() }).nullable(),
  })
  .openapi("BackupStatus");

type Status = z.infer<typeof statusSchema>;

/** The newest good and the newest failed run of the backup job (its history rows, api/jobs). */
async function backupStatus(deps: Deps): Promise<Status> {
  const settings = backupSettings(process.env);
  const runs = jobDb(deps).selectFrom("job_runs").select(["started_at", "finished_at", "result"]).where("job", "=", "backup").orderBy("id", "desc").limit(1);
  const okRun = await runs.where("status", "=", "ok").executeTakeFirst();
  const failed = await runs.where("status", "=", "failed").executeTakeFirst();
  const result = (r: { result: string | null } | undefined) => (r?.result ? (JSON.parse(r.result) as Record<string, unknown>) : {});
  const okResult = result(okRun);
  return {
    configured: settings != null,
    schedule: settings?.cron ?? null,
    keep: settings?.keep ?? null,
    lastOk: okRun
      ? { at: okRun.finished_at ?? okRun.started_at, archive: (okResult.archive as string) ?? null, bytes: (okResult.bytes as number) ?? null }
      : null,
    lastFailure:
      failed && (!okRun || failed.started_at > okRun.started_at)
        ? { at: failed.finished_at ?? failed.started_at, error: (result(failed).error as string) ?? null }
        : null,
  };
}

/** GET backups/status/ — for the super admin's Home: are backups set up, and when did the last good one run. */
export function registerBackupRoutes(app: App, deps: Deps) {
  const { requireAuth } = makeGuards(deps);
  app.openapi(
    createRoute({
      method: "get",
      path: "/backups/status/",
      operationId: "getBackupStatus",
      tags: ["backups"],
      summary: "Whether scheduled backups are set up and when the last good one ran (super admin)",
      security: tokenHeader,
      middleware: [requireAuth] as const,
      responses: jsonReply(statusSchema),
    }),
    async (c) => {
      if (scopeOf(c).roleId !== Role.superAdmin) throw forbidden();
      return ok(c, await backupStatus(deps));
    },
  );
}

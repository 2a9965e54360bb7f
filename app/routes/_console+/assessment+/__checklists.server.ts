import { json, type LoaderFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { resourceListLoader } from "~/resources/route";
import { readLoaderReply } from "~/utils/loader-data.server";
import { settle, upstream } from "~/utils/upstream.server";

const totalsSchema = z.object({ list: z.array(z.object({ level: z.string(), time: z.string(), total: z.number(), items: z.number() })) });
export type LevelTotal = z.infer<typeof totalsSchema>["list"][number];

/** The checklist's list plus its per-level score totals (the API sums the items' maximum scores per level and time). */
export async function checklistsLoader(args: LoaderFunctionArgs) {
  const list = await readLoaderReply(await resourceListLoader("assessmentChecklists")(args));
  const totals = await settle(upstream(args.request).get("assessment/checklists/totals/", { schema: totalsSchema }));
  return json({ ...list.value, totals: totals.ok ? totals.data.list : [] }, { headers: list.headers });
}

import * as z from "zod";
import { settle, upstream } from "~/utils/upstream.server";

const groupOptions = z.object({ list: z.array(z.object({ value: z.number(), label: z.string() })) });

/**
 * The "education group" filter of pages that span groups (optional functions, statistics): the chosen
 * group from `?educationGroupId=`, the query to pass upstream, and (loading alongside the page's own
 * call) the groups to choose from.
 */
export function groupFilter(request: Request) {
  const group = new URL(request.url).searchParams.get("educationGroupId") ?? "";
  const query: Record<string, string> = /^\d+$/.test(group) ? { educationGroupId: group } : {};
  const groups = settle(upstream(request).get("lookups/groups/", { schema: groupOptions })).then((r) => (r.ok ? r.data.list : []));
  return { group, query, groups };
}

import * as z from "zod";
import { forbidden, notFound } from "~/utils/permissions.server";
import { settle, upstream } from "~/utils/upstream.server";

/** Server side of /teaching/homeworks/<id>/submissions (schemas here: the route module carries no zod). */
const homeworkSchema = z
  .object({ id: z.number().int(), title: z.string(), className: z.string().nullable(), dueOn: z.string(), kind: z.string(), content: z.string().nullable() })
  .passthrough();
const submissionsSchema = z.object({
  list: z.array(
    z.object({
      studentId: z.number().int(),
      studentName: z.string(),
      done: z.boolean(),
      content: z.string().nullable(),
      imageFileIds: z.array(z.number().int()).default([]),
      submittedAt: z.string().nullable(),
      parentName: z.string().nullable(),
    }),
  ),
  total: z.number().int(),
  done: z.number().int(),
});
export type Submissions = z.infer<typeof submissionsSchema>;
export type Homework = z.infer<typeof homeworkSchema>;

export async function loadSubmissions(request: Request, rawId: string | undefined): Promise<{ homework: Homework; submissions: Submissions }> {
  if (!rawId || !/^\d{1,9}$/.test(rawId)) throw notFound();
  const api = upstream(request);
  const [h, s] = await Promise.all([
    settle(api.get(`teaching/homeworks/${rawId}/`, { schema: homeworkSchema })),
    settle(api.get(`teaching/homeworks/${rawId}/submissions/`, { schema: submissionsSchema })),
  ]);
  if (!h.ok) throw h.code === 403 ? forbidden() : notFound();
  if (!s.ok) throw s.code === 403 ? forbidden() : notFound();
  return { homework: h.data, submissions: s.data };
}

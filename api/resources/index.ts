import { z } from "@hono/zod-openapi";
import type { App, Deps } from "@api/context";
import { makeGuards, scopeOf } from "@api/auth/guards";
import { langOf, notFound, ok, wholeList } from "@api/http";
import { envelope, tokenHeader } from "../routes/common";
import { registerResource, type RegisteredResource, type ResourceMapping } from "./engine";
import { LOOKUPS, makeLookupGuard } from "./lookups";
import { classesMapping } from "./classes";
import { placesMapping } from "./places";
import { groupsMapping } from "./groups";
import { kindergartensMapping } from "./kindergartens";
import { punchRecordsMapping } from "./punch-records";
import { registerPunchSettingRoutes } from "./punch-settings";
import { registerOptionalFunctionRoutes } from "./optional-functions";
import { registerUserRoutes, usersMapping } from "./users";
import { expertTeachersMapping } from "./expert-teachers";
import { studentParentsMapping } from "./student-parents";
import { parentLinkRequestsMapping } from "./parent-link-requests";
import { doctorStudentsMapping } from "./doctor-students";
import { busTeachersMapping } from "./bus-teachers";
import { pushNotificationsMapping } from "./push-notifications";
import { formTemplatesMapping, registerFormRoutes } from "./form-templates";
import { TEACHING_MAPPINGS } from "@api/teaching/mappings";
import { registerTeachingRoutes } from "@api/teaching/routes";
import { studentsMapping } from "./students";
import { leaveNotesMapping, leaveNotesTeacherMapping } from "./leave-notes";
import { registerStudentRoutes } from "./students-routes";
import {
  depositsMapping,
  feeRecordsMapping,
  payrollsMapping,
  reconciliationsMapping,
  refundCalculationsMapping,
  tuitionBillsMapping,
  tuitionTemplatesMapping,
} from "@api/tuition/resources";
import { assessmentCategoriesMapping, assessmentChecklistsMapping, assessmentObjectivesMapping, studentAssessmentsMapping } from "@api/tuition/assessment";
import { registerTuitionRoutes } from "@api/tuition/routes";
import { busesMapping, registerBusRoutes } from "./buses";
import { camerasMapping, faceDevicesAMapping, faceDevicesBMapping, registerDeviceRoutes, studentIcCardsMapping } from "./devices";
import { DAILY_MAPPINGS } from "./daily";
import { registerDailyRoutes } from "@api/daily/routes";
import { admissionAppointmentsMapping, admissionCommunicationsMapping, admissionCustomersMapping, admissionReconciliationsMapping } from "./admission";

/** Every resource mapping of the API (one line per resource). */
export const MAPPINGS: ResourceMapping[] = [
  classesMapping,
  placesMapping,
  groupsMapping,
  kindergartensMapping,
  punchRecordsMapping,
  // User management
  usersMapping,
  expertTeachersMapping,
  studentParentsMapping,
  parentLinkRequestsMapping,
  doctorStudentsMapping,
  busTeachersMapping,
  pushNotificationsMapping,
  // Daily: dynamic forms
  formTemplatesMapping,
  // Teaching (issue 12)
  ...TEACHING_MAPPINGS,
  // Students (issue 11)
  studentsMapping,
  leaveNotesMapping,
  leaveNotesTeacherMapping,
  // Daily section (issue 13)
  ...DAILY_MAPPINGS,
  // Admissions CRM
  admissionCustomersMapping,
  admissionCommunicationsMapping,
  admissionAppointmentsMapping,
  admissionReconciliationsMapping,
  // Tuition and finance, assessment (issue 14)
  tuitionTemplatesMapping,
  tuitionBillsMapping,
  feeRecordsMapping,
  refundCalculationsMapping,
  payrollsMapping,
  depositsMapping,
  reconciliationsMapping,
  assessmentCategoriesMapping,
  assessmentObjectivesMapping,
  assessmentChecklistsMapping,
  studentAssessmentsMapping,
  // School buses and devices (issue 11)
  busesMapping,
  faceDevicesAMapping,
  faceDevicesBMapping,
  camerasMapping,
  studentIcCardsMapping,
];

/** Registers every resource's routes and `GET lookups/{name}/` (options for selects). */
export function registerResources(app: App, deps: Deps) {
  // Kindergarten management's non-list endpoints (before the engine's `kindergartens/{id}/` routes).
  registerPunchSettingRoutes(app, deps);
  registerOptionalFunctionRoutes(app, deps);
  // User management's non-CRUD endpoints (password reset; enable/disable aliases of the record actions).
  // Record actions (push send, user enable/disable) come from the definitions (engine/actions.ts).
  registerUserRoutes(app, deps);
  registerFormRoutes(app, deps);
  registerTeachingRoutes(app, deps);
  registerStudentRoutes(app, deps);
  registerTuitionRoutes(app, deps);
  registerBusRoutes(app, deps);
  registerDeviceRoutes(app, deps);
  registerDailyRoutes(app, deps);
  const registered = new Map<string, RegisteredResource>();
  for (const m of MAPPINGS) registered.set(m.def.name, registerResource(app, deps, m));
  const { requireAuth } = makeGuards(deps);
  const option = z.object({ value: z.number().int(), label: z.string() });
  app.openAPIRegistry.registerPath({
    method: "get",
    path: "/lookups/{name}/",
    tags: ["lookups"],
    summary: `Options for selects: ${[...registered.keys(), ...Object.keys(LOOKUPS)].join(", ")} (scoped to the caller; extra query parameters filter)`,
    security: tokenHeader,
    request: { params: z.object({ name: z.string().openapi({ param: { name: "name", in: "path" }, example: "kindergartens" }) }) },
    responses: {
      200: { description: "code 200", content: { "application/json": { schema: envelope(z.object({ list: z.array(option), total: z.number().int() })) } } },
    },
  });
  const assertLookup = makeLookupGuard(deps);
  app.get("/lookups/:name/", requireAuth, async (c) => {
    const scope = scopeOf(c);
    const name = c.req.param("name");
    const params = new URL(c.req.url).searchParams;
    const res = registered.get(name);
    const named = Object.hasOwn(LOOKUPS, name) ? LOOKUPS[name]! : null;
    if (!res && !named) throw notFound();
    await assertLookup(scope, name);
    const list = res ? await res.lookup(scope, params, langOf(c)) : await named!(deps.db, scope, params, langOf(c));
    return ok(c, wholeList(list));
  });
}

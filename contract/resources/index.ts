import type { ResourceDefinition } from "../resource";
import { classes } from "./classes";
import { places } from "./places";
import { groups } from "./groups";
import { kindergartens } from "./kindergartens";
import { punchRecords } from "./punch-records";
import { users } from "./users";
import { expertTeachers } from "./expert-teachers";
import { studentParents } from "./student-parents";
import { principalKindergartens, proTeacherKindergartens } from "./kindergarten-bindings";
import { doctorStudents } from "./doctor-students";
import { busTeachers } from "./bus-teachers";
import { pushNotifications } from "./push-notifications";
import { formTemplates } from "./form-templates";
import { buses } from "./buses";
import { cameras, faceDevicesA, faceDevicesB, studentIcCards } from "./devices";

/** Every resource definition, by name (add one line per new resource). */
export const RESOURCES: Record<string, ResourceDefinition> = {
  classes,
  places,
  groups,
  kindergartenProfiles: kindergartens,
  punchRecords,
  // User management
  users,
  expertTeachers,
  studentParents,
  principalKindergartens,
  proTeacherKindergartens,
  doctorStudents,
  busTeachers,
  pushNotifications,
  // Daily: dynamic forms
  formTemplates,
  // School buses and devices (issue 11)
  buses,
  faceDevicesA,
  faceDevicesB,
  cameras,
  studentIcCards,
};

export { classes, places };

import type { ResourceDefinition } from "../resource";
import { deposits, feeRecords, payrolls, reconciliations, refundCalculations, tuitionBills, tuitionTemplates } from "./tuition";
import { assessmentCategories, assessmentChecklists, assessmentObjectives, studentAssessments } from "./assessment";
import { classes } from "./classes";
import { places } from "./places";
import { groups } from "./groups";
import { kindergartens } from "./kindergartens";
import { punchRecords } from "./punch-records";
import { users } from "./users";
import { expertTeachers } from "./expert-teachers";
import { studentParents } from "./student-parents";
import { parentLinkRequests } from "./parent-link-requests";
import { principalKindergartens, proTeacherKindergartens } from "./kindergarten-bindings";
import { doctorStudents } from "./doctor-students";
import { busTeachers } from "./bus-teachers";
import { pushNotifications } from "./push-notifications";
import { formTemplates } from "./form-templates";
import { observations, courseRecords, lessonPlans, presetPlans, teachingRecords, studentWorks, homeworks, trainingMaterials } from "./teaching";
import { students } from "./students";
import { leaveNotes, leaveNotesTeacher } from "./leave-notes";
import { buses } from "./buses";
import { cameras, faceDevicesA, faceDevicesB, studentIcCards } from "./devices";
import { medications } from "./daily-medications";
import { notices } from "./daily-notices";
import { entrusts } from "./daily-entrusts";
import { careGreetings } from "./daily-care-greetings";
import { classCirclePosts } from "./daily-class-circle";
import { healthReports } from "./daily-health-reports";
import { nurseryRecords } from "./daily-nursery";
import { admissionAppointments, admissionCommunications, admissionCustomers, admissionReconciliations } from "./admission";

/** Every resource definition, by name (add one line per new resource). */
const resources = {
  classes,
  places,
  groups,
  kindergartenProfiles: kindergartens,
  punchRecords,
  // User management
  users,
  expertTeachers,
  studentParents,
  parentLinkRequests,
  principalKindergartens,
  proTeacherKindergartens,
  doctorStudents,
  busTeachers,
  pushNotifications,
  // Daily: dynamic forms
  formTemplates,
  // Teaching (issue 12)
  observations,
  courseRecords,
  lessonPlans,
  presetPlans,
  teachingRecords,
  studentWorks,
  homeworks,
  trainingMaterials,
  // Students (issue 11)
  students,
  leaveNotes,
  leaveNotesTeacher,
  // Daily section (issue 13)
  medications,
  notices,
  entrusts,
  careGreetings,
  classCirclePosts,
  healthReports,
  nurseryRecords,
  // Admissions CRM
  admissionCustomers,
  admissionCommunications,
  admissionAppointments,
  admissionReconciliations,
  // Tuition and finance, assessment
  tuitionTemplates,
  tuitionBills,
  feeRecords,
  refundCalculations,
  payrolls,
  deposits,
  tuitionReconciliations: reconciliations,
  assessmentCategories,
  assessmentObjectives,
  assessmentChecklists,
  studentAssessments,
  // School buses and devices (issue 11)
  buses,
  faceDevicesA,
  faceDevicesB,
  cameras,
  studentIcCards,
};
export const RESOURCES: Record<string, ResourceDefinition> = resources;
/** A resource's name: how a console route module names its definition without loading it (app/resources/route.ts). */
export type ResourceName = keyof typeof resources;

export { classes, places };

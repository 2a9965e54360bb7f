import type { ResourceDefinition } from "../resource";
import { classes } from "./classes";
import { places } from "./places";
import { groups } from "./groups";
import { kindergartens } from "./kindergartens";
import { punchRecords } from "./punch-records";

/** Every resource definition, by name (add one line per new resource). */
export const RESOURCES: Record<string, ResourceDefinition> = {
  classes,
  places,
  groups,
  kindergartenProfiles: kindergartens,
  punchRecords,
};

export { classes, places };

import type { ResourceDefinition } from "../resource";
import { classes } from "./classes";
import { places } from "./places";

/** Every resource definition, by name (add one line per new resource). */
export const RESOURCES: Record<string, ResourceDefinition> = {
  classes,
  places,
};

export { classes, places };

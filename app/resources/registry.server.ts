import { RESOURCES, type ResourceName } from "@contract/resources";
import type { ResourceDefinition } from "@contract/resource";

/** The definition behind a route module's resource name (route modules name it, so the browser never loads it). */
export function resourceNamed(name: ResourceName): ResourceDefinition {
  const def = RESOURCES[name];
  if (!def) throw new Error(`no resource named ${name}`);
  return def;
}

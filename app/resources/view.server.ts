import { getZodConstraint } from "@conform-to/zod/v4";
import { oncePer } from "@contract/once-per";
import { formSchemaFor, type ResourceDefinition } from "@contract/resource";
import type { FieldConstraint } from "./types";

/**
 * The form's constraints (required, lengths, bounds, pattern) read off the same zod schema the API validates with,
 * computed here so that the browser gets the native attributes without loading zod. Cached per schema.
 */
const constraintsOf = oncePer((schema: ReturnType<typeof formSchemaFor>) => getZodConstraint(schema) as Record<string, FieldConstraint>);
export function constraintOf(def: ResourceDefinition, mode: "create" | "change"): Record<string, FieldConstraint> {
  return constraintsOf(formSchemaFor(def, mode));
}

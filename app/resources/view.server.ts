import { getZodConstraint } from "@conform-to/zod/v4";
import { formSchemaFor, type ResourceDefinition } from "@contract/resource";
import type { FieldConstraint } from "./types";

/**
 * The form's constraints (required, lengths, bounds, pattern) read off the same zod schema the API validates with,
 * computed here so that the browser gets the native attributes without loading zod. Cached per schema.
 */
const constraints = new WeakMap<object, Record<string, FieldConstraint>>();
export function constraintOf(def: ResourceDefinition, mode: "create" | "change"): Record<string, FieldConstraint> {
  const schema = formSchemaFor(def, mode);
  let c = constraints.get(schema);
  if (!c) constraints.set(schema, (c = getZodConstraint(schema) as Record<string, FieldConstraint>));
  return c;
}

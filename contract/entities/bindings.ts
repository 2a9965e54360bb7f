import * as z from "zod";
import { MAX_PAGE_SIZE } from "../api";
import { MAX_INT } from "../limits";

/** Paging and filters of the section 7 binding lists. */
export const bindingListQuerySchema = z.object({
  currentPage: z.coerce.number({ error: "validation.integer" }).int("validation.integer").min(1).default(1),
  pageSize: z.coerce.number({ error: "validation.integer" }).int("validation.integer").min(1).max(MAX_PAGE_SIZE).default(10),
  userId: z.coerce.number().int().positive().max(MAX_INT).optional(),
  kindergartenId: z.coerce.number().int().positive().max(MAX_INT).optional(),
  keyword: z.string().trim().max(50).optional(),
  sort: z.enum(["id", "-id", "realName", "-realName", "kindergartenName", "-kindergartenName"], { error: "validation.oneOf" }).optional(),
});

/** principal–kindergarten and subject teacher–kindergarten binding (list item, role 6 view). */
export const kindergartenBindingSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  realName: z.string(),
  phone: z.string(),
  kindergartenId: z.number().int(),
  kindergartenName: z.string(),
});
export type KindergartenBinding = z.infer<typeof kindergartenBindingSchema>;

/** POST fields (form-encoded, empty fields omitted). */
export const kindergartenBindingFormSchema = z.object({
  userId: z.coerce.number({ error: "validation.required" }).int("validation.integer").positive("validation.required").max(MAX_INT, "validation.invalid"),
  kindergartenId: z.coerce
    .number({ error: "validation.required" })
    .int("validation.integer")
    .positive("validation.required")
    .max(MAX_INT, "validation.invalid"),
});

import { Role } from "@contract/roles";

/** Who may download a paid bill's receipt: the parent and finance (the API answers 403 to the others). */
export const RECEIPT_ROLES: readonly number[] = [Role.parent, Role.finance];
export const receiptHref = (id: number) => `/tuition/bills/${id}/receipt`;

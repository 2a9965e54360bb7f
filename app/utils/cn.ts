import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names (clsx). It does not merge Tailwind classes: no caller relies on a later class replacing an
 * earlier one of the same kind; a component's caller changes its look through its variants (cva: `Button size`,
 * `Input inputSize`/`fit`). tests/unit/cn.test.ts checks every call of app/ with tailwind-merge. Why not
 * tailwind-merge itself: docs/architecture.md ("Class names").
 */
export const cn = (...inputs: ClassValue[]): string => clsx(inputs);

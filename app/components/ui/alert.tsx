import { cva, type VariantProps } from "class-variance-authority";
import * as React from "react";
import { cn } from "~/utils/cn";

/**
 * A block message, e.g. the error state of a loader whose upstream call failed:
 *   const r = await settle(upstream(request).get(...)); if (!r.ok) return json({ error: r.error });
 *   {data.error ? <Alert variant="error">{data.error}</Alert> : null}
 */
export const alertVariants = cva("rounded border px-3 py-2 text-sm", {
  variants: {
    variant: {
      info: "border-sky-200 bg-sky-50 text-sky-800",
      success: "border-green-200 bg-green-50 text-green-800",
      warning: "border-amber-200 bg-amber-50 text-amber-800",
      error: "border-red-200 bg-red-50 text-red-700",
    },
  },
  defaultVariants: { variant: "info" },
});

export function Alert({ className, variant, ...props }: React.HTMLAttributes<HTMLDivElement> & VariantProps<typeof alertVariants>) {
  return <div role={variant === "error" || variant === "warning" ? "alert" : "status"} className={cn(alertVariants({ variant }), className)} {...props} />;
}

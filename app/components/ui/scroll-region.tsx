import type * as React from "react";
import { cn } from "~/utils/cn";

/**
 * A box that scrolls its own content (a long table, a list): a named region that takes keyboard
 * focus, so keyboard users can scroll it too (WCAG 2.1.1; axe "scrollable-region-focusable").
 */
export function ScrollRegion({ label, className, children, ...props }: { label: string } & React.HTMLAttributes<HTMLDivElement>) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={cn("overflow-auto", className)} {...props}>
      {children}
    </div>
  );
}

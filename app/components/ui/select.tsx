import * as React from "react";
import { cn } from "~/utils/cn";
import { inputClass } from "./input";

/** A styled native <select>: it works without JavaScript (Radix Select does not). */
export const NativeSelect = React.forwardRef<HTMLSelectElement, React.SelectHTMLAttributes<HTMLSelectElement>>(({ className, children, ...props }, ref) => (
  <select ref={ref} className={cn(inputClass, "pr-8", className)} {...props}>
    {children}
  </select>
));
NativeSelect.displayName = "NativeSelect";

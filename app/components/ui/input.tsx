import * as React from "react";
import { cn } from "~/utils/cn";

export const inputClass =
  "flex h-9 w-full rounded border border-gray-300 bg-white px-3 py-1 text-sm text-gray-800 placeholder:text-gray-500 focus:border-primary disabled:cursor-not-allowed disabled:bg-gray-50 aria-[invalid=true]:border-red-400";

export const Input = React.forwardRef<HTMLInputElement, React.InputHTMLAttributes<HTMLInputElement>>(({ className, type = "text", ...props }, ref) => (
  <input type={type} className={cn(inputClass, className)} ref={ref} {...props} />
));
Input.displayName = "Input";

/** A styled native <select>: it works without JavaScript (Radix Select does not). Beside Input: one small module, not two. */
export const NativeSelect = React.forwardRef<HTMLSelectElement, React.SelectHTMLAttributes<HTMLSelectElement>>(({ className, children, ...props }, ref) => (
  <select ref={ref} className={cn(inputClass, "pr-8", className)} {...props}>
    {children}
  </select>
));
NativeSelect.displayName = "NativeSelect";

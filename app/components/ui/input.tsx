import { cva, type VariantProps } from "class-variance-authority";
import * as React from "react";
import { cn } from "~/utils/cn";

/**
 * Inputs, selects and textareas. `cn` joins and never merges (app/utils/cn.ts), so what a caller changes is a variant,
 * not a class that would have to override ours: `inputSize` (sm 32 px, lg 44 px, area for a textarea), and `fit` when
 * the caller's className gives the width (`<Input fit className="w-40" />`) instead of the full width.
 */
export const inputVariants = cva(
  "flex rounded border border-gray-300 bg-white px-3 text-gray-800 placeholder:text-gray-500 focus:border-primary disabled:cursor-not-allowed disabled:bg-gray-50 aria-[invalid=true]:border-red-400",
  {
    variants: {
      inputSize: { default: "h-9 py-1 text-sm", sm: "h-8 py-1 text-sm", lg: "h-11 py-1 text-base", area: "h-auto py-2 text-sm" },
      fit: { false: "w-full", true: "" },
    },
    defaultVariants: { inputSize: "default", fit: false },
  },
);

type InputLook = Omit<VariantProps<typeof inputVariants>, "inputSize"> & { inputSize?: "default" | "sm" | "lg" };

export const Input = React.forwardRef<HTMLInputElement, React.InputHTMLAttributes<HTMLInputElement> & InputLook>(
  ({ className, type = "text", inputSize, fit, ...props }, ref) => (
    <input type={type} className={cn(inputVariants({ inputSize, fit }), className)} ref={ref} {...props} />
  ),
);
Input.displayName = "Input";

/** A styled native <select>: it works without JavaScript (Radix Select does not). Beside Input: one small module, not two. */
export const NativeSelect = React.forwardRef<HTMLSelectElement, React.SelectHTMLAttributes<HTMLSelectElement> & InputLook>(
  ({ className, children, inputSize, fit, ...props }, ref) => (
    <select ref={ref} className={cn(inputVariants({ inputSize, fit }), "pr-8", className)} {...props}>
      {children}
    </select>
  ),
);
NativeSelect.displayName = "NativeSelect";

import { Slot } from "@radix-ui/react-slot";
import type { VariantProps } from "class-variance-authority";
import * as React from "react";
import { cn } from "~/utils/cn";
import { buttonVariants } from "./button";

/**
 * The button's look (and props) on its one child element, e.g. a link, merged by Radix Slot: shadcn's
 * `<Button asChild>`. A module of its own so that only the pages using it load Radix Slot (every page has a Button).
 */
export const ButtonSlot = React.forwardRef<HTMLElement, React.HTMLAttributes<HTMLElement> & VariantProps<typeof buttonVariants>>(
  ({ className, variant, size, ...props }, ref) => <Slot className={cn(buttonVariants({ variant, size }), className)} ref={ref} {...props} />,
);
ButtonSlot.displayName = "ButtonSlot";

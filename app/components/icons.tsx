import type { SVGProps } from "react";

/**
 * An icon of the sprite /icons.svg (app/components/icon-paths.server.ts): the page carries a reference, not the
 * drawing, and the sprite is fetched once and cached.
 */
export function Icon({ name, className, ...rest }: { name: string; className?: string } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className ?? "h-4 w-4"}
      {...rest}
    >
      <use href={`/icons.svg#${name}`} />
    </svg>
  );
}

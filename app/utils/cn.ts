import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names; a later Tailwind class replaces an earlier one of the same kind (`w-full` then `w-40` gives
 * `w-40`), as tailwind-merge does for the utilities this console uses, in half a kilobyte instead of seven on every
 * page. tests/unit/cn.test.ts checks it against tailwind-merge over the class names of app/.
 */
export function cn(...inputs: ClassValue[]): string {
  const joined = clsx(inputs);
  // The same few hundred combinations recur on every page the server renders: merge each once.
  const known = merged.get(joined);
  if (known !== undefined) return known;
  const result = merge(joined);
  if (merged.size >= MERGED_MAX) merged.clear();
  merged.set(joined, result);
  return result;
}

const MERGED_MAX = 5000;
const merged = new Map<string, string>();

function merge(joined: string): string {
  const tokens = joined.split(" ").filter(Boolean);
  const kept: string[] = [];
  const seen = new Set<string>();
  for (let i = tokens.length - 1; i >= 0; i--) {
    const token = tokens[i];
    // A class of no known kind still replaces an identical earlier one.
    const group = groupOf(token) || "=" + token;
    if (conflicts(group).some((k) => seen.has(k))) continue;
    seen.add(group);
    kept.push(token);
  }
  return kept.reverse().join(" ");
}

const SIZES = /^(xs|sm|base|lg|[2-9]?xl)$/;
const ALIGN = /^(left|center|right|justify|start|end)$/;
const WEIGHTS = /^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/;
const DISPLAY = /^(block|inline-block|inline|flex|inline-flex|grid|inline-grid|table|contents|hidden|flow-root|list-item)$/;
const POSITION = /^(static|fixed|absolute|relative|sticky)$/;
/** Families whose modifier is the part after the first dash (`gap-2` → gap). */
const PLAIN = new Set([
  "w",
  "h",
  "min-w",
  "max-w",
  "min-h",
  "max-h",
  "gap",
  "gap-x",
  "gap-y",
  "z",
  "opacity",
  "leading",
  "tracking",
  "overflow",
  "overflow-x",
  "overflow-y",
  "cursor",
  "whitespace",
  "justify",
  "items",
  "self",
  "shadow",
  "top",
  "bottom",
  "left",
  "right",
  "inset",
  "order",
  "animate",
  "inset-x",
  "inset-y",
  "grow",
  "shrink",
  "basis",
  "space-x",
  "space-y",
  "grid-cols",
  "grid-rows",
  "col-span",
  "row-span",
  "line-clamp",
  "divide-x",
  "divide-y",
  "outline",
  "decoration",
  "underline-offset",
  "duration",
  "ease",
  "transition",
  "translate-x",
  "translate-y",
  "rotate",
  "scale",
  "object",
  "align",
  "content",
  "place-items",
  "pointer-events",
  "select",
  "resize",
  "fill",
  "stroke",
]);
const SPACING = /^(-?)(p|px|py|ps|pe|pt|pr|pb|pl|m|mx|my|ms|me|mt|mr|mb|ml)-/;

/** The kind of a class ("" for one we do not merge), with its variants (`hover:`) as part of the kind. */
function groupOf(token: string): string {
  const colon = token.lastIndexOf(":");
  const variant = colon >= 0 ? token.slice(0, colon + 1) : "";
  const rest = token.slice(colon + 1);
  // `!hidden` (important) is its own kind beside `hidden`, as in tailwind-merge.
  const important = rest.startsWith("!") ? "!" : "";
  const kind = kindOf(rest.slice(important.length));
  return kind ? variant + important + kind : "";
}

function kindOf(base: string): string {
  if (DISPLAY.test(base)) return "display";
  if (/^(underline|overline|line-through|no-underline)$/.test(base)) return "text-decoration";
  if (/^(italic|not-italic)$/.test(base)) return "font-style";
  if (/^(uppercase|lowercase|capitalize|normal-case)$/.test(base)) return "text-transform";
  if (/^(visible|invisible|collapse)$/.test(base)) return "visibility";
  if (/^(sr-only|not-sr-only)$/.test(base)) return "sr";
  if (/^break-(normal|words|all|keep)$/.test(base)) return "word-break";
  if (POSITION.test(base)) return "position";
  const spacing = SPACING.exec(base);
  if (spacing) return spacing[2];
  const corner = /^rounded-(tl|tr|bl|br|ss|se|es|ee|t|r|b|l|s|e)(-|$)/.exec(base);
  if (corner) return "rounded-" + corner[1];
  if (base === "rounded" || /^rounded-(none|sm|md|lg|xl|2xl|3xl|full|\[)/.test(base)) return "rounded";
  if (base === "border" || /^border-\d+$/.test(base)) return "border-w";
  const side = /^border-([xytrbl])(-\d+)?$/.exec(base);
  if (side) return "border-w-" + side[1];
  if (/^border-(solid|dashed|dotted|double|hidden|none)$/.test(base)) return "border-style";
  if (/^border-(collapse|separate)$/.test(base)) return "border-collapse";
  const sideColor = /^border-([xytrbl])-/.exec(base);
  if (sideColor) return "border-color-" + sideColor[1];
  if (base.startsWith("border-")) return "border-color";
  if (base.startsWith("text-")) {
    const rest = base.slice(5);
    return SIZES.test(rest) ? "text-size" : ALIGN.test(rest) ? "text-align" : "text-color";
  }
  if (base.startsWith("font-")) return WEIGHTS.test(base.slice(5)) ? "font-weight" : "font-family";
  if (/^bg-(gradient-|none$)/.test(base)) return "bg-image";
  if (base.startsWith("bg-")) return "bg";
  if (/^flex-(1|auto|initial|none)$/.test(base)) return "flex";
  if (/^flex-(row|col)/.test(base)) return "flex-direction";
  if (/^flex-(wrap|nowrap|wrap-reverse)$/.test(base)) return "flex-wrap";
  if (base === "ring" || /^ring-\d+$/.test(base)) return "ring-w";
  if (/^ring-offset-/.test(base)) return "";
  if (base.startsWith("ring-")) return "ring-color";
  if (base === "shadow" || base.startsWith("shadow-")) return "shadow";
  const positive = base.replace(/^-/, "");
  const dash = positive.indexOf("-");
  for (const family of [positive.slice(0, positive.lastIndexOf("-")), positive.slice(0, dash)]) {
    if (dash > 0 && PLAIN.has(family)) return family;
  }
  return "";
}

/** A class also replaces the earlier ones it covers: `p-2` covers `px-3`, `px-3` covers `pl-1`. */
const COVERED: Record<string, string[]> = {
  px: ["pl", "pr"],
  py: ["pt", "pb"],
  p: ["px", "py", "ps", "pe", "pt", "pr", "pb", "pl"],
  mx: ["ml", "mr"],
  my: ["mt", "mb"],
  m: ["mx", "my", "ms", "me", "mt", "mr", "mb", "ml"],
  gap: ["gap-x", "gap-y"],
  overflow: ["overflow-x", "overflow-y"],
  inset: ["inset-x", "inset-y", "top", "right", "bottom", "left"],
  "inset-x": ["left", "right"],
  "inset-y": ["top", "bottom"],
  flex: ["grow", "shrink", "basis"],
  rounded: ["rounded-t", "rounded-r", "rounded-b", "rounded-l", "rounded-tl", "rounded-tr", "rounded-bl", "rounded-br", "rounded-s", "rounded-e"],
  "border-w": ["border-w-x", "border-w-y", "border-w-t", "border-w-r", "border-w-b", "border-w-l"],
  "border-color": ["border-color-x", "border-color-y", "border-color-t", "border-color-r", "border-color-b", "border-color-l"],
  // A font size sets the line height too.
  "text-size": ["leading"],
};
/** kind → the kinds covering it (`pl` → `px`, `p`). */
const COVERED_BY = new Map<string, string[]>();
for (const [k, list] of Object.entries(COVERED)) for (const c of list) COVERED_BY.set(c, [...(COVERED_BY.get(c) ?? []), k]);

function conflicts(group: string): string[] {
  const colon = group.lastIndexOf(":");
  const variant = group.slice(0, colon + 1);
  // Scanning from the end: an earlier `p-2` must yield to a later `px-3` only on x, which we keep as tailwind-merge does.
  return [group, ...(COVERED_BY.get(group.slice(colon + 1)) ?? []).map((k) => variant + k)];
}

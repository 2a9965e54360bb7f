import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { Link as RouterLink } from "react-router-dom";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { inAppClick, Link } from "~/components/link";

/** The console's light link (app/components/link.tsx) against Remix's <Link> (react-router-dom's, plus data-discover). */
describe("Link: the anchor Remix's <Link> renders, without resolving its path per render", () => {
  const cases = [
    { to: "/user/userAdministration/5611/edit?back=%3Fsort%3DrealName", props: { className: "text-primary hover:underline", "data-testid": "row-edit" } },
    { to: "/user/userAdministration?sort=-createdAt&keyword=%E7%8E%8B", props: { title: "按创建时间排序", rel: "next", "aria-current": "page" as const } },
    { to: "/Home", props: {} },
  ];
  it.each(cases)("same markup as Remix's <Link> for $to", ({ to, props }) => {
    const ours = renderToString(h(StaticRouter, { location: "/user/userAdministration" }, h(Link, { to, ...props }, "文本")));
    // Remix's <Link> is react-router-dom's with `data-discover="true"` for an in-app path.
    const remix = renderToString(
      h(StaticRouter, { location: "/user/userAdministration" }, h(RouterLink, { to, ...props, "data-discover": "true" } as never, "文本")),
    );
    expect(ours).toBe(remix);
  });

  const here = { origin: "https://console.example", pathname: "/user/userAdministration", search: "?sort=phone", hash: "" };
  const anchor = (path: string, attrs: { target?: string; download?: boolean; origin?: string } = {}) => {
    const url = new URL(path, here.origin);
    return {
      target: attrs.target ?? "",
      origin: attrs.origin ?? url.origin,
      pathname: url.pathname,
      search: url.search,
      hash: url.hash,
      hasAttribute: (name: string) => name === "download" && Boolean(attrs.download),
    };
  };
  const click = (
    a: ReturnType<typeof anchor>,
    e: Partial<{ defaultPrevented: boolean; button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean }> = {},
  ) => inAppClick({ defaultPrevented: false, button: 0, metaKey: false, altKey: false, ctrlKey: false, shiftKey: false, ...e, currentTarget: a }, here);

  it("a plain left click navigates inside the app; to the current address it replaces the history entry", () => {
    expect(click(anchor("/user/userAdministration/5611?back=%3Fsort%3Dphone"))).toEqual({
      to: "/user/userAdministration/5611?back=%3Fsort%3Dphone",
      replace: false,
    });
    expect(click(anchor("/user/userAdministration?sort=phone"))).toEqual({ to: "/user/userAdministration?sort=phone", replace: true });
  });

  it("leaves to the browser what Remix's <Link> leaves to it", () => {
    expect(click(anchor("/Home"), { defaultPrevented: true })).toBeNull(); // the link's own onClick took it (a dialog)
    expect(click(anchor("/Home"), { button: 1 })).toBeNull();
    for (const key of ["metaKey", "ctrlKey", "shiftKey", "altKey"] as const) expect(click(anchor("/Home"), { [key]: true })).toBeNull();
    expect(click(anchor("/Home", { target: "_blank" }))).toBeNull();
    expect(click(anchor("/Home", { target: "_self" }))).toEqual({ to: "/Home", replace: false });
    expect(click(anchor("/Home", { download: true }))).toBeNull();
    expect(click(anchor("/Home", { origin: "https://elsewhere.example" }))).toBeNull();
  });
});

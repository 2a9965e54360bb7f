import { flatRoutes } from "remix-flat-routes";

/**
 * Routes live in folders that mirror the menu tree (remix-flat-routes hybrid convention):
 * app/routes/_console+/kindergarten+/group.tsx serves /kindergarten/group.
 * @type {import('@remix-run/dev').AppConfig}
 */
export default {
  ignoredRouteFiles: ["**/*"],
  serverModuleFormat: "esm",
  tailwind: true,
  postcss: false,
  // The console imports the shared contract (zod schemas, route tree, locales) from ./contract.
  watchPaths: ["./contract/**/*"],
  routes: async (defineRoutes) =>
    flatRoutes("routes", defineRoutes, {
      ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}", "**/__*.*"],
    }),
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};

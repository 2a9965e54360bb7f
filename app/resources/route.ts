import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { ResourceName } from "@contract/resources";
import { pageAction } from "~/utils/page";
import { exportLoader, listLoader, subAction, subLoader } from "./engine.server";
import { resourceNamed } from "./registry.server";

/**
 * Route-module helpers (browser-safe: the .server functions are only called on the server). A route module names its
 * resource instead of importing the definition, so the page's browser bundle holds neither the definition nor zod:
 * the loader sends the page what it needs of it (`viewOf`).
 *   class.tsx          export const loader = resourceListLoader("classes"); export const action = resourceListAction;
 *   class_.$.tsx       export const loader = resourceSubLoader("classes"); export const action = resourceSubAction("classes");
 *   class_.export.tsx  export const loader = resourceExportLoader("classes");
 * (each such call marked with a PURE comment, `@__PURE__`, so that the browser build drops it: tests/unit/route-modules.test.ts)
 */
export const resourceListLoader = (name: ResourceName) => (args: LoaderFunctionArgs) => listLoader(args, resourceNamed(name));
/** The list page takes no posts (writes live on its sub-pages), but a POST still meets the guard: 403, else 405. */
export const resourceListAction = pageAction();
export const resourceSubLoader = (name: ResourceName) => (args: LoaderFunctionArgs) => subLoader(args, resourceNamed(name));
export const resourceSubAction = (name: ResourceName) => (args: ActionFunctionArgs) => subAction(args, resourceNamed(name));
export const resourceExportLoader = (name: ResourceName) => (args: LoaderFunctionArgs) => exportLoader(args, resourceNamed(name));

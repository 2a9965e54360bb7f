import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { ResourceDefinition } from "@contract/resource";
import { pageAction } from "~/utils/page";
import { exportLoader, listLoader, subAction, subLoader } from "./engine.server";

/**
 * Route-module helpers (browser-safe: the .server functions are only called on the server).
 *   class.tsx          export const loader = resourceListLoader(classes); export const action = resourceListAction;
 *   class_.$.tsx       export const loader = resourceSubLoader(classes); export const action = resourceSubAction(classes);
 *   class_.export.tsx  export const loader = resourceExportLoader(classes);
 */
export const resourceListLoader = (def: ResourceDefinition) => (args: LoaderFunctionArgs) => listLoader(args, def);
/** The list page takes no posts (writes live on its sub-pages), but a POST still meets the guard: 403, else 405. */
export const resourceListAction = pageAction();
export const resourceSubLoader = (def: ResourceDefinition) => (args: LoaderFunctionArgs) => subLoader(args, def);
export const resourceSubAction = (def: ResourceDefinition) => (args: ActionFunctionArgs) => subAction(args, def);
export const resourceExportLoader = (def: ResourceDefinition) => (args: LoaderFunctionArgs) => exportLoader(args, def);

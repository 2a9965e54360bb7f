import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { ResourceDefinition } from "@contract/resource";
import { exportLoader, listLoader, subAction, subLoader } from "./engine.server";

/**
 * Route-module helpers (browser-safe: the .server functions are only called on the server).
 *   class.tsx          export const loader = resourceListLoader(classes);
 *   class_.$.tsx       export const loader = resourceSubLoader(classes); export const action = resourceSubAction(classes);
 *   class_.export.tsx  export const loader = resourceExportLoader(classes);
 */
export const resourceListLoader = (def: ResourceDefinition) => (args: LoaderFunctionArgs) => listLoader(args, def);
export const resourceSubLoader = (def: ResourceDefinition) => (args: LoaderFunctionArgs) => subLoader(args, def);
export const resourceSubAction = (def: ResourceDefinition) => (args: ActionFunctionArgs) => subAction(args, def);
export const resourceExportLoader = (def: ResourceDefinition) => (args: LoaderFunctionArgs) => exportLoader(args, def);

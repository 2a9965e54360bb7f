/**
 * Search parameters Remix adds to its own requests (`_data` and `_routes` on data requests, `index` on an index
 * route's): never part of the address of the page the user is on.
 */
const REMIX_PARAMS = ["_data", "_routes", "index"];

/** The search of a page's address without Remix's own parameters: `?a=1`, or "" when nothing is left. */
export function pageSearch(search: string | URLSearchParams): string {
  const params = new URLSearchParams(search);
  for (const name of REMIX_PARAMS) params.delete(name);
  const qs = params.toString();
  return qs ? `?${qs}` : "";
}

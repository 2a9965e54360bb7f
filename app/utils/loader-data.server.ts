import { data, type TypedResponse } from "@remix-run/node";

/**
 * A loader's data (and headers) without a JSON round trip. With v3_singleFetch Remix hands a loader's value to
 * turbo-stream as it is, whereas `json()` serialises it into a Response that Remix then reads and parses back: a
 * stringify, a body stream and a parse per loader, four loaders per console document. The value must hold JSON
 * values only (no Date or Map: turbo-stream would pass them on as such, where json() made strings); typed as json()'s
 * reply so that `useLoaderData<typeof loader>` keeps its JSON types.
 */
export function loaderData<T>(value: T, init?: ResponseInit): TypedResponse<T> {
  return data(value, init) as unknown as TypedResponse<T>;
}

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

/**
 * What another loader answered, for a loader that extends it (a list plus its page's extras): its value and the
 * headers to pass on (its cookies: toasts, tabs). Takes both forms a loader answers: `loaderData` and `json()`.
 */
export async function readLoaderReply<T>(reply: TypedResponse<T> | Response): Promise<{ value: T; headers: Headers }> {
  const r: unknown = reply;
  if (r instanceof Response) return { value: (await r.json()) as T, headers: r.headers };
  const d = r as { data: T; init?: ResponseInit | null };
  return { value: d.data, headers: new Headers(d.init?.headers) };
}

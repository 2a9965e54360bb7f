import { createCookieSessionStorage, redirect, type SessionStorage } from "@remix-run/node";
import * as z from "zod";
import { getEnv } from "./env.server";
import { isHttps } from "./session.server";

/** Flash toasts in their own cookie, so they survive a redirect and show without JavaScript. */
export const TOAST_COOKIE_NAME = "kg_toast";
const TOAST_KEY = "toast";

export const toastSchema = z.object({
  id: z.string().default(() => Math.random().toString(36).slice(2)),
  type: z.enum(["success", "error", "info"]).default("info"),
  message: z.string(),
});
export type Toast = z.infer<typeof toastSchema>;
export type ToastInput = z.input<typeof toastSchema>;

let storage: SessionStorage | null = null;
function toastStorage(): SessionStorage {
  if (storage) return storage;
  storage = createCookieSessionStorage({
    cookie: {
      name: TOAST_COOKIE_NAME,
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secrets: [getEnv().SESSION_SECRET],
    },
  });
  return storage;
}

/** Headers carrying a flash toast for the next page. Pass `request` to mark the cookie secure behind https. */
export async function createToastHeaders(toast: ToastInput, request?: Request): Promise<Headers> {
  const session = await toastStorage().getSession();
  session.flash(TOAST_KEY, toastSchema.parse(toast));
  const cookie = await toastStorage().commitSession(session, { secure: request ? isHttps(request) : undefined });
  return new Headers({ "Set-Cookie": cookie });
}

/** Merges several Headers (Set-Cookie values are appended, not replaced). */
export function combineHeaders(...all: Array<HeadersInit | null | undefined>): Headers {
  const out = new Headers();
  for (const h of all) {
    if (!h) continue;
    new Headers(h).forEach((value, key) => out.append(key, value));
  }
  return out;
}

/** Redirect with a flash toast: `throw await redirectWithToast("/x", { type: "error", message })`. */
export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit): Promise<Response> {
  return redirect(url, { ...init, headers: combineHeaders(init?.headers, await createToastHeaders(toast)) });
}

/** The pending toast (read once) and the headers that clear it; null headers when there is none. */
export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const session = await toastStorage().getSession(request.headers.get("Cookie"));
  const parsed = toastSchema.safeParse(session.get(TOAST_KEY));
  const toast = parsed.success ? parsed.data : null;
  if (!toast) return { toast: null, headers: null };
  return {
    toast,
    headers: new Headers({ "Set-Cookie": await toastStorage().destroySession(session, { secure: isHttps(request) }) }),
  };
}

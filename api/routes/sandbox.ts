import type { App, Deps } from "@api/context";
import { ApiError, langOf, pageCsp } from "@api/http";
import { t } from "@api/i18n";
import { PHONE_RE } from "@contract/entities/auth";

/** The base of a local-path redirect (never a real host). */
const LOCAL = "http://relative.invalid";

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * Redirect targets: a local path, or http(s) on 127.0.0.1 / localhost / ::1 or a host of WECHAT_REDIRECT_HOSTS.
 * Configured hosts only: the request's Host header is the caller's to choose (issue 25, item 14).
 */
function allowedRedirect(deps: Deps, uri: string): URL | null {
  try {
    // A path stays a path: "/\\evil.example" parses as another host and "/.//evil.example" as the path "//evil.example".
    if (uri.startsWith("/")) {
      const local = new URL(uri, LOCAL);
      return local.origin === LOCAL && !local.pathname.startsWith("//") ? local : null;
    }
    const u = new URL(uri);
    if (u.protocol !== "http:" && u.protocol !== "https:") return null;
    const hosts = ["127.0.0.1", "localhost", "[::1]", ...deps.config.wechatRedirectHosts];
    return hosts.includes(u.hostname) ? u : null;
  } catch {
    return null;
  }
}

/**
 * The local stand-in for WeChat's authorisation page (only when the local gateway is active):
 * GET shows a tiny form; POST issues a single-use code (5 minutes) and redirects back with ?code=…&state=….
 */
export function registerSandboxRoutes(app: App, deps: Deps) {
  const sandbox = deps.wechatSandbox;
  if (!sandbox) return;

  app.get("/wechat-sandbox/authorize", (c) => {
    const lang = langOf(c);
    const redirect = c.req.query("redirect_uri") ?? "";
    const state = c.req.query("state") ?? "";
    const target = allowedRedirect(deps, redirect);
    if (!target) throw new ApiError(400, "wechat.badRedirect");
    // The form posts here and is redirected back: browsers hold that redirect to form-action too.
    if (target.origin !== LOCAL) c.header("Content-Security-Policy", pageCsp([target.origin]));
    const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,">
<title>${esc(t(lang, "wechat.title"))}</title>
<style>body{font-family:system-ui,sans-serif;max-width:360px;margin:40px auto;padding:0 16px;color:#222}label{display:block;margin:12px 0 4px}input{width:100%;padding:8px;box-sizing:border-box}button{margin-top:16px;width:100%;padding:10px;background:#07c160;color:#fff;border:0;border-radius:4px;font-size:16px}</style>
</head><body><h1>${esc(t(lang, "wechat.title"))}</h1><p>${esc(t(lang, "wechat.intro"))}</p>
<form method="post" action="authorize">
<input type="hidden" name="redirect_uri" value="${esc(redirect)}"><input type="hidden" name="state" value="${esc(state)}">
<label for="nickname">${esc(t(lang, "wechat.nickname"))}</label><input id="nickname" name="nickname" required maxlength="40">
<label for="phone">${esc(t(lang, "wechat.phone"))}</label><input id="phone" name="phone" required pattern="1[0-9]{10}" inputmode="numeric">
<button type="submit">${esc(t(lang, "wechat.confirm"))}</button></form></body></html>`;
    return c.html(html);
  });

  app.post("/wechat-sandbox/authorize", async (c) => {
    const body = await c.req.parseBody();
    const redirect = String(body.redirect_uri ?? "");
    const state = String(body.state ?? "");
    const nickname = String(body.nickname ?? "")
      .trim()
      .slice(0, 40);
    const phone = String(body.phone ?? "").trim();
    const target = allowedRedirect(deps, redirect);
    if (!target) throw new ApiError(400, "wechat.badRedirect");
    if (!nickname) throw new ApiError(422, "error.validation", {}, { errors: { nickname: [{ key: "validation.required" }] } });
    if (!PHONE_RE.test(phone)) throw new ApiError(422, "error.validation", {}, { errors: { phone: [{ key: "validation.phone" }] } });
    const code = await sandbox.issueCode(nickname, phone);
    target.searchParams.set("code", code);
    // Like a real authorisation callback, it names the phone the applicant bound, so the confirmation starts filled in.
    target.searchParams.set("phone", phone);
    if (state) target.searchParams.set("state", state);
    const location = target.origin === LOCAL ? target.pathname + target.search : target.toString();
    return c.redirect(location, 302);
  });
}

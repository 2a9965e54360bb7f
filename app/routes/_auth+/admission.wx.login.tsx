import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n-react";
import { CsrfInput } from "~/components/csrf-input";
import { Button } from "~/components/ui/button";
import { ErrorList, Field, useErrorText } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { getCsrfToken, requireCsrf } from "~/utils/csrf.server";
import { getEnv } from "~/utils/env.server";
import { getT } from "~/utils/i18n.server";
import { pageMeta } from "~/utils/meta";
import { safeLoginRedirect } from "~/utils/redirect.server";
import { getUser } from "~/utils/session.server";
import { HOME, loginWechat, params, phoneHint, phonePayload, PhoneSchema } from "./__wx.server";

/**
 * /admission/wx/login: the applicant (role 13) login for plain links carrying `kindergartenId`
 * and an optional `introducerId`. "微信授权登录" goes to WeChat's authorisation (locally the API's
 * sandbox `wechat-sandbox/authorize`), which comes back here with `?code=…&state=…`; the state is
 * this browser's CSRF token. The phone-number payload (`encryptedData`, `iv`) comes with the
 * callback when the authoriser supplies it; otherwise the applicant confirms the phone bound to
 * WeChat and the console builds the payload the way the mini-program would (AES, section 9). That step
 * starts filled in: with the phone the authoriser names in the callback (`phone`, as the local stand-in knows
 * the phone the applicant gave it), or, after a refused confirmation, with what was typed.
 */

export const meta = pageMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const p = params(url);
  const t = await getT(request, ["menu", "common"]);
  if (await getUser(request)) {
    const user = await getUser(request);
    if (user?.info.roleId === 13) throw redirect(safeLoginRedirect(p.redirect, HOME));
  }
  const code = url.searchParams.get("code");
  const state = url.searchParams.get("state");
  const { token: csrf, headers: csrfHeaders } = await getCsrfToken(request);
  if (csrfHeaders && !code) {
    // First visit: the browser needs the CSRF cookie before the token can serve as OAuth `state`
    // (the root loader of this same response would issue a different one). Once only (`c=1`).
    if (url.searchParams.get("c") !== "1") {
      const again = new URL(url);
      again.searchParams.set("c", "1");
      throw redirect(again.pathname + again.search, { headers: csrfHeaders });
    }
  }
  const base = {
    title: t("menu:title.admissionLogin"),
    ...p,
    code: null as string | null,
    error: null as string | null,
    phone: phoneHint(url.searchParams.get("phone")),
  };

  if (code) {
    if (state !== csrf) return json({ ...base, error: t("common:auth.wx.badState") });
    const encryptedData = url.searchParams.get("encryptedData");
    const iv = url.searchParams.get("iv");
    if (encryptedData && iv && p.kindergartenId) {
      const out = await loginWechat(request, { ...p, code, encryptedData, iv, kindergartenId: p.kindergartenId });
      if (out.ok) throw out.response;
      return json({ ...base, error: out.error });
    }
    return json({ ...base, code });
  }
  if (url.searchParams.get("error")) return json({ ...base, error: t("common:auth.wx.denied") });

  // The authorisation link: back to this page (same query, without a previous code/state).
  const back = new URL(url.pathname, url);
  for (const k of ["kindergartenId", "introducerId", "redirect"]) {
    const v = url.searchParams.get(k);
    if (v) back.searchParams.set(k, v);
  }
  const authorize = new URL("wechat-sandbox/authorize", getEnv().API_BASE_URL);
  authorize.searchParams.set("redirect_uri", back.toString());
  authorize.searchParams.set("state", csrf);
  return json({ ...base, authorizeUrl: authorize.toString() });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireCsrf(request);
  const p = params(new URL(request.url));
  const form = await request.formData();
  const parsed = PhoneSchema.safeParse({ code: form.get("code"), phone: form.get("phone") });
  // A refused confirmation shows the phone as typed (the applicant corrects it instead of typing it again).
  const typed = String(form.get("phone") ?? "").slice(0, 20);
  if (!parsed.success || !p.kindergartenId) {
    return json({ error: (parsed.success ? null : "phone.invalid") as string | null, phone: typed }, { status: 400 });
  }
  const encryptedData = phonePayload(parsed.data.phone);
  const out = await loginWechat(request, {
    ...p,
    kindergartenId: p.kindergartenId,
    code: parsed.data.code,
    encryptedData,
    iv: Buffer.from(getEnv().AES_IV, "utf8").toString("base64"),
  });
  if (out.ok) return out.response;
  return json({ error: out.error as string | null, phone: typed }, { status: 400 });
}

export default function AdmissionWxLogin() {
  const data = useLoaderData<typeof loader>() as unknown as {
    kindergartenId: number | null;
    code: string | null;
    error: string | null;
    phone: string | null;
    authorizeUrl?: string;
  };
  const actionData = useActionData<typeof action>() as { error?: string | null; phone?: string } | undefined;
  const { t } = useTranslation(["common", "menu"]);
  const errorText = useErrorText();
  const busy = useNavigation().state !== "idle";
  const error = actionData?.error ?? data.error;

  return (
    <div className="text-center">
      <div className="mx-auto mb-3 flex h-14 w-14 items-center justify-center rounded-full bg-[#07C160] text-2xl text-white">✓</div>
      <h1 className="text-xl font-semibold text-gray-800">{t("title.admissionLogin", { ns: "menu" })}</h1>
      <p className="mt-1 text-sm text-gray-500">{t("auth.wx.subtitle")}</p>

      <div className="mt-6 text-left">
        {!data.kindergartenId ? (
          <p role="alert" className="rounded bg-amber-50 px-3 py-2 text-sm text-amber-800">
            {t("auth.wx.missingKindergarten")}
          </p>
        ) : data.code ? (
          <Form method="post" className="space-y-4">
            <CsrfInput />
            <input type="hidden" name="code" value={data.code} />
            <p className="text-sm text-gray-600">{t("auth.wx.phoneStep")}</p>
            <Field label={t("auth.wx.phone")} htmlFor="wx-phone">
              <Input
                id="wx-phone"
                name="phone"
                type="tel"
                inputMode="numeric"
                required
                pattern="1[0-9]{10}"
                autoComplete="tel"
                defaultValue={actionData?.phone ?? data.phone ?? ""}
                className="h-11 text-base"
              />
            </Field>
            <Button type="submit" variant="wechat" size="lg" className="w-full" disabled={busy}>
              {busy ? t("auth.wx.authorizing") : t("auth.wx.confirm")}
            </Button>
          </Form>
        ) : data.authorizeUrl ? (
          <Button asChild variant="wechat" size="lg" className="w-full">
            <a href={data.authorizeUrl} data-testid="wx-authorize">
              {t("auth.wx.authorize")}
            </a>
          </Button>
        ) : null}
        {error ? (
          <div role="alert" className="mt-4">
            <ErrorList errors={errorText([error])} />
          </div>
        ) : null}
        {data.code && error ? (
          <p className="mt-2 text-center text-sm">
            <a className="inline-block px-2 py-1 text-primary hover:underline" href={`?kindergartenId=${data.kindergartenId ?? ""}`}>
              {t("retry")}
            </a>
          </p>
        ) : null}
      </div>
    </div>
  );
}

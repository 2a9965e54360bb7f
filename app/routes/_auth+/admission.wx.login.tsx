import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n-react";
import { CsrfInput } from "~/components/csrf-input";
import { Button } from "~/components/ui/button";
import { ButtonSlot } from "~/components/ui/button-slot";
import { ErrorList, Field, useErrorText } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { getCsrfToken, requireCsrf } from "~/utils/csrf.server";
import { getEnv } from "~/utils/env.server";
import { getT } from "~/utils/i18n.server";
import { pageMeta } from "~/utils/meta";
import { safeLoginRedirect } from "~/utils/redirect.server";
import { getUser } from "~/utils/session.server";
import { ApplicantSteps, KindergartenMark } from "~/components/applicant/applicant-frame";
import {
  HOME,
  loginWechat,
  loginWithCode,
  params,
  phoneHint,
  phonePayload,
  PhoneSchema,
  sendApplicantCode,
  signInOptions,
  type SignInOptions,
} from "./__wx.server";

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
  const live = p.kindergartenId ? await signInOptions(request, p.kindergartenId) : null;
  const options = live?.options ?? null;
  const base = {
    title: t("menu:title.admissionLogin"),
    ...p,
    code: null as string | null,
    error: live?.error ?? null,
    phone: phoneHint(url.searchParams.get("phone")),
    options,
    badLink: Boolean(live?.unknown),
  };
  if (!options) return json(base);

  if (code && options.wechat) {
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
  if (!options.wechat) return json(base);

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
  const intent = String(form.get("intent") ?? "confirm");
  // A refused step shows the phone as typed (the applicant corrects it instead of typing it again).
  const typed = String(form.get("phone") ?? "").slice(0, 20);
  if (!p.kindergartenId) return json<WxActionData>({ error: "phone.invalid", phone: typed }, { status: 400 });
  if (intent === "send" || intent === "verify") return smsStep(request, { ...p, kindergartenId: p.kindergartenId }, intent, form, typed);
  const parsed = PhoneSchema.safeParse({ code: form.get("code"), phone: form.get("phone") });
  if (!parsed.success) return json<WxActionData>({ error: "phone.invalid", phone: typed }, { status: 400 });
  const out = await loginWechat(request, {
    ...p,
    kindergartenId: p.kindergartenId,
    code: parsed.data.code,
    encryptedData: phonePayload(parsed.data.phone),
    iv: Buffer.from(getEnv().AES_IV, "utf8").toString("base64"),
  });
  if (out.ok) return out.response;
  return json<WxActionData>({ error: out.error, phone: typed }, { status: 400 });
}

type WxActionData = { error?: string | null; phone?: string; sentTo?: string; fieldErrors?: Record<string, string[]> };

/** The SMS sign-in (WeChat not configured): "send" mails a code to the phone, "verify" signs in with it. */
async function smsStep(
  request: Request,
  p: { kindergartenId: number; introducerId: number | null; redirect: string },
  intent: string,
  form: FormData,
  typed: string,
) {
  const phone = phoneHint(form.get("phone"));
  if (!phone) return json<WxActionData>({ phone: typed, fieldErrors: { phone: ["phone.invalid"] } }, { status: 400 });
  if (intent === "send") {
    const sent = await sendApplicantCode(request, p.kindergartenId, phone);
    if (!sent.ok) return json<WxActionData>({ phone, error: sent.fieldErrors ? null : sent.error, fieldErrors: sent.fieldErrors }, { status: 400 });
    return json<WxActionData>({ phone, sentTo: phone });
  }
  const out = await loginWithCode(request, { ...p, phone, smsCode: String(form.get("smsCode") ?? "").trim() });
  if (out.ok) return out.response;
  return json<WxActionData>({ phone, sentTo: phone, error: out.fieldErrors ? null : out.error, fieldErrors: out.fieldErrors }, { status: 400 });
}

type LoaderView = {
  kindergartenId: number | null;
  introducerId: number | null;
  code: string | null;
  error: string | null;
  phone: string | null;
  authorizeUrl?: string;
  options: SignInOptions | null;
  badLink: boolean;
};

export default function AdmissionWxLogin() {
  const data = useLoaderData<typeof loader>() as unknown as LoaderView;
  const actionData = useActionData<typeof action>() as WxActionData | undefined;
  const { t, i18n } = useTranslation(["common", "menu"]);
  const errorText = useErrorText();
  const error = actionData?.error ?? data.error;
  const kg = data.options?.kindergarten;
  const kgName = kg ? (i18n.language === "en" && kg.nameEn ? kg.nameEn : kg.name) : null;

  return (
    <div>
      <div className="flex items-center gap-3">
        {kgName ? <KindergartenMark name={kgName} /> : null}
        <div className="min-w-0">
          <h1 className="text-xl font-semibold text-gray-800" data-testid="applicant-login-kindergarten">
            {kgName ?? t("title.admissionLogin", { ns: "menu" })}
          </h1>
          <p className="text-sm text-gray-500">{t("title.admissionLogin", { ns: "menu" })}</p>
        </div>
      </div>
      {data.options && (data.options.wechat || data.options.sms) ? (
        <div className="mt-4">
          <ApplicantSteps current={1} />
          <p className="mt-3 text-sm text-gray-600">{t("auth.wx.welcome")}</p>
        </div>
      ) : null}

      <div className="mt-5 space-y-5">
        {!data.kindergartenId ? (
          <Notice>{t("auth.wx.missingKindergarten")}</Notice>
        ) : data.badLink ? (
          <Notice>{t("auth.wx.badLink")}</Notice>
        ) : !data.options ? null : !data.options.wechat && !data.options.sms ? (
          <Closed name={kgName ?? ""} address={kg?.address ?? null} />
        ) : data.code ? (
          <WechatConfirm code={data.code} phone={actionData?.phone ?? data.phone ?? ""} />
        ) : (
          <>
            {data.authorizeUrl ? (
              <ButtonSlot variant="wechat" size="lg" className="w-full">
                <a href={data.authorizeUrl} data-testid="wx-authorize">
                  {t("auth.wx.authorize")}
                </a>
              </ButtonSlot>
            ) : null}
            {data.authorizeUrl && data.options.sms ? <p className="text-center text-sm text-gray-500">{t("auth.wx.or")}</p> : null}
            {data.options.sms ? <SmsSignIn actionData={actionData} restartHref={restartHref(data)} /> : null}
          </>
        )}
        {error ? (
          <div role="alert">
            <ErrorList errors={errorText([error])} />
          </div>
        ) : null}
        {data.code && error ? (
          <p className="text-center text-sm">
            <a className="inline-block px-2 py-1 text-primary hover:underline" href={`?kindergartenId=${data.kindergartenId ?? ""}`}>
              {t("retry")}
            </a>
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** The link again (same kindergarten and introducer), to start over. */
const restartHref = (d: LoaderView) => `?kindergartenId=${d.kindergartenId ?? ""}${d.introducerId ? `&introducerId=${d.introducerId}` : ""}`;

function Notice({ children }: { children: React.ReactNode }) {
  return (
    <p role="alert" className="rounded bg-amber-50 px-3 py-2 text-sm text-amber-800">
      {children}
    </p>
  );
}

/** Neither WeChat nor SMS sign-in is live: say so, and whom to contact. */
function Closed({ name, address }: { name: string; address: string | null }) {
  const { t } = useTranslation("common");
  return (
    <div className="space-y-2 rounded bg-amber-50 px-3 py-3 text-sm text-amber-900" data-testid="applicant-closed">
      <p className="font-medium">{t("auth.wx.closed", { name })}</p>
      <p>{t("auth.wx.closedContact")}</p>
      {address ? <p>{t("auth.wx.closedAddress", { address })}</p> : null}
    </div>
  );
}

/** WeChat's authorisation came back: confirm the phone bound to WeChat (filled in from the authorisation). */
function WechatConfirm({ code, phone }: { code: string; phone: string }) {
  const { t } = useTranslation("common");
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post" className="space-y-4">
      <CsrfInput />
      <input type="hidden" name="code" value={code} />
      <p className="text-sm text-gray-600">{t("auth.wx.phoneStep")}</p>
      <Field label={t("auth.wx.phone")} htmlFor="wx-phone">
        <Input id="wx-phone" name="phone" type="tel" inputMode="numeric" required pattern="1[0-9]{10}" autoComplete="tel" defaultValue={phone} inputSize="lg" />
      </Field>
      <Button type="submit" variant="wechat" size="lg" className="w-full" disabled={busy}>
        {busy ? t("auth.wx.authorizing") : t("auth.wx.confirm")}
      </Button>
    </Form>
  );
}

/**
 * Phone and SMS code (WeChat not configured): first the phone and "send code", then the code. Two plain forms, so
 * each step works without JavaScript; the phone of the second is the one the code went to.
 */
function SmsSignIn({ actionData, restartHref }: { actionData: WxActionData | undefined; restartHref: string }) {
  const { t } = useTranslation("common");
  const errorText = useErrorText();
  const busy = useNavigation().state !== "idle";
  const sentTo = actionData?.sentTo;
  const phoneErrors = actionData?.fieldErrors?.phone;
  const codeErrors = actionData?.fieldErrors?.smsCode;
  return (
    <section className="space-y-3 rounded border border-gray-200 p-4" aria-labelledby="sms-title" data-testid="applicant-sms">
      <h2 id="sms-title" className="text-base font-medium text-gray-800">
        {t("auth.wx.smsTitle")}
      </h2>
      {sentTo ? (
        <Form method="post" className="space-y-3">
          <CsrfInput />
          <input type="hidden" name="phone" value={sentTo} />
          <p className="text-sm text-gray-700" role="status" data-testid="sms-sent">
            {t("auth.wx.codeSent", { phone: sentTo })}
          </p>
          <Field label={t("auth.wx.smsCode")} htmlFor="sms-code" errors={codeErrors ? errorText(codeErrors) : null} errorId="sms-code-err">
            <Input
              id="sms-code"
              name="smsCode"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              pattern="[0-9]{6}"
              maxLength={6}
              aria-invalid={codeErrors ? true : undefined}
              aria-describedby={codeErrors ? "sms-code-err" : undefined}
              inputSize="lg"
            />
          </Field>
          <Button type="submit" name="intent" value="verify" variant="wechat" size="lg" className="w-full" disabled={busy} data-testid="sms-sign-in">
            {t("auth.wx.signIn")}
          </Button>
        </Form>
      ) : null}
      <Form method="post" className="space-y-3">
        <CsrfInput />
        {sentTo ? (
          <input type="hidden" name="phone" value={sentTo} />
        ) : (
          <Field label={t("auth.wx.smsPhone")} htmlFor="sms-phone" errors={phoneErrors ? errorText(phoneErrors) : null} errorId="sms-phone-err">
            <Input
              id="sms-phone"
              name="phone"
              type="tel"
              inputMode="numeric"
              required
              pattern="1[0-9]{10}"
              autoComplete="tel"
              defaultValue={actionData?.phone ?? ""}
              aria-invalid={phoneErrors ? true : undefined}
              aria-describedby={phoneErrors ? "sms-phone-err" : undefined}
              inputSize="lg"
            />
          </Field>
        )}
        <Button
          type="submit"
          name="intent"
          value="send"
          variant={sentTo ? "outline" : "wechat"}
          size="lg"
          className="w-full"
          disabled={busy}
          data-testid="sms-send"
        >
          {sentTo ? t("auth.wx.resendCode") : t("auth.wx.sendCode")}
        </Button>
      </Form>
      {sentTo ? (
        <p className="text-center text-sm">
          <a className="inline-block px-2 py-1 text-primary hover:underline" href={restartHref} data-testid="sms-change-phone">
            {t("auth.wx.changePhone")}
          </a>
        </p>
      ) : null}
    </section>
  );
}

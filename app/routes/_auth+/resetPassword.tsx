import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n-react";
import { Endpoints } from "@contract/endpoints";
import { CsrfInput } from "~/components/csrf-input";
import { Button } from "~/components/ui/button";
import { FormFeedback } from "~/components/ui/form-feedback";
import { ActionToast } from "~/components/toaster";
import { Field, useErrorText, useHydrated } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { encryptPassword } from "~/utils/auth.server";
import { requireCsrf } from "~/utils/csrf.server";
import { getT } from "~/utils/i18n.server";
import { pageMeta } from "~/utils/meta";
import { destroyUser, getUser } from "~/utils/session.server";
import { combineHeaders, redirectWithToast } from "~/utils/toast.server";
import { forgetUserInfo, forgetUserInfoOfPhone } from "~/utils/current-user.server";
import { settle, upstream } from "~/utils/upstream.server";
import { PASSWORD_MIN_LENGTH } from "@contract/password-length";
import { failureReply, smsStepReply, type AuthActionData } from "./__sms.server";
import { parseReset, resetConstraint, type ResetFields } from "./__reset.server";

/**
 * /resetPassword: "forgot password" (phone + SMS code + new password twice) and, with
 * ?mode=forced&phone=…, the forced "please reset password" after a `Need Reset Password` login
 * (phone + old password + new password twice). Section 5 rules in the browser and on the server.
 */

export const meta = pageMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const t = await getT(request, "menu");
  const mode = url.searchParams.get("mode") === "forced" ? ("forced" as const) : ("forgot" as const);
  return json({
    title: t("title.resetPassword"),
    mode,
    constraint: resetConstraint(mode),
    phone: url.searchParams.get("phone")?.trim() ?? "",
  });
}

type ActionData = AuthActionData;

export async function action({ request }: ActionFunctionArgs) {
  await requireCsrf(request);
  const formData = await request.formData();
  const submission = parseReset(formData);
  const hideFields = ["password", "confirmPassword", "oldPassword"];
  if (submission.status !== "success") {
    return json<ActionData>({ result: submission.reply({ hideFields }) }, { status: 400 });
  }
  const value = submission.value;

  if (value.intent === "sendSms") {
    return smsStepReply(request, submission, value.phone, "forgot", hideFields);
  }

  const api = upstream(request, { token: null });
  const result =
    value.intent === "forgot"
      ? await settle(
          api.post(Endpoints.forgotPassword, {
            form: { phone: value.phone, smsCode: value.smsCode, password: encryptPassword(value.password) },
          }),
        )
      : await settle(
          api.post(Endpoints.resetPassword, {
            form: {
              phone: value.phone,
              oldPassword: encryptPassword(value.oldPassword),
              password: encryptPassword(value.password),
            },
          }),
        );
  if (!result.ok) {
    return failureReply(submission, result, ["phone", "smsCode", "oldPassword", "password", "confirmPassword"], hideFields);
  }
  const t = await getT(request, "common");
  // Every token of the user is revoked upstream: a local session (if any) ends too.
  const current = await getUser(request);
  forgetUserInfo(current?.token);
  forgetUserInfoOfPhone(value.phone);
  const headers = current ? await destroyUser(request) : undefined;
  return redirectWithToast(`/login`, { type: "success", message: t("auth.reset.done") }, { headers: combineHeaders(headers) });
}

export default function ResetPasswordPage() {
  const { mode, phone, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const { t } = useTranslation(["common", "menu"]);
  const errorText = useErrorText();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [form, fields] = useForm<ResetFields>({
    id: `reset-${mode}`,
    // Validated on the server (the same messages with JavaScript off): no zod in the browser.
    constraint,
    lastResult: actionData?.result,
    defaultValue: { phone },
  });
  const busy = navigation.state !== "idle";
  const pw = (name: "password" | "confirmPassword" | "oldPassword", label: string, autoComplete: string) => {
    const f = fields[name as keyof typeof fields] as (typeof fields)["password"];
    return (
      <Field label={label} htmlFor={f.id} errors={errorText(f.errors)} errorId={f.errorId}>
        <Input {...getInputProps(f, { type: "password" })} autoComplete={autoComplete} minLength={name === "oldPassword" ? undefined : PASSWORD_MIN_LENGTH} />
      </Field>
    );
  };

  return (
    <div>
      <h1 className="mb-2 text-center text-xl font-semibold text-gray-800">{mode === "forced" ? t("auth.reset.forcedTitle") : t("auth.reset.forgotTitle")}</h1>
      {mode === "forced" ? (
        <p className="mb-4 rounded bg-amber-50 px-3 py-2 text-sm text-amber-800" data-testid="forced-hint">
          {t("auth.reset.forcedHint")}
        </p>
      ) : null}
      <Form method="post" className="space-y-4" {...getFormProps(form)} noValidate={hydrated}>
        <CsrfInput />
        <Field label={t("auth.phone")} htmlFor={fields.phone.id} errors={errorText(fields.phone.errors)} errorId={fields.phone.errorId}>
          <Input
            {...getInputProps(fields.phone, { type: "tel" })}
            autoComplete="username"
            placeholder={t("auth.phonePlaceholder")}
            readOnly={mode === "forced" && !!phone}
          />
        </Field>
        {mode === "forced" ? (
          pw("oldPassword", t("auth.reset.oldPassword"), "current-password")
        ) : (
          <Field label={t("auth.register.smsCode")} htmlFor={fields.smsCode.id} errors={errorText(fields.smsCode.errors)} errorId={fields.smsCode.errorId}>
            <div className="flex gap-2">
              <Input {...getInputProps(fields.smsCode, { type: "text" })} inputMode="numeric" autoComplete="one-time-code" />
              <Button type="submit" name="intent" value="sendSms" variant="outline" formNoValidate disabled={busy}>
                {t("auth.register.sendSms")}
              </Button>
            </div>
          </Field>
        )}
        {pw("password", t("auth.reset.newPassword"), "new-password")}
        {pw("confirmPassword", t("auth.reset.confirmPassword"), "new-password")}
        <p className="text-xs text-gray-500">{t("auth.reset.rules")}</p>
        <FormFeedback notice={actionData?.notice} errorId={form.errorId} errors={errorText(form.errors)} />
        <ActionToast toast={actionData?.toast} />
        <Button type="submit" name="intent" value={mode} className="w-full" disabled={busy} data-testid="reset-submit">
          {t("auth.reset.submit")}
        </Button>
      </Form>
      <div className="mt-4 flex justify-between text-sm">
        <Link to="/login" className="text-primary hover:underline">
          {t("auth.toLogin")}
        </Link>
        {mode === "forced" ? (
          <Link to={`/resetPassword?phone=${encodeURIComponent(phone)}`} className="text-primary hover:underline">
            {t("auth.reset.toForgot")}
          </Link>
        ) : null}
      </div>
    </div>
  );
}

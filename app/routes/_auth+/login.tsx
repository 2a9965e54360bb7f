import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { loginConstraint, parseLogin } from "./__login.server";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n-react";
import { CsrfInput } from "~/components/csrf-input";
import { Button } from "~/components/ui/button";
import { ErrorList, Field, useHydrated } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { login } from "~/utils/auth.server";
import { requireCsrf, rotateCsrfToken } from "~/utils/csrf.server";
import { getT } from "~/utils/i18n.server";
import { pageMeta } from "~/utils/meta";
import { safeLoginRedirect } from "~/utils/redirect.server";
import { commitUser, getUser } from "~/utils/session.server";
import { combineHeaders, redirectWithToast } from "~/utils/toast.server";
import { classifyUpstreamFailure, isUpstreamError } from "~/utils/upstream.server";

export const meta = pageMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getUser(request)) throw redirect("/");
  const t = await getT(request, "menu");
  // The form's HTML constraints (required…) come from the schema here, so the browser never downloads zod.
  return json({ title: t("title.login"), constraint: loginConstraint() });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireCsrf(request);
  const submission = parseLogin(await request.clone().formData());
  if (submission.status !== "success") {
    return json({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  try {
    const reply = await login(request);
    // A new CSRF token with the new session: a token known before login is worthless after it.
    const headers = combineHeaders(await commitUser(request, reply), await rotateCsrfToken(request));
    return redirect(safeLoginRedirect(submission.value.redirectTo), { headers });
  } catch (error) {
    if (isUpstreamError(error)) {
      // Section 8: the msg, the unknown-error or the network-error text as a 2 s toast, not in the form
      // (401 and Need Reset Password are redirects already). Back to the login page, keeping ?redirect=.
      const to = submission.value.redirectTo ? `/login?redirect=${encodeURIComponent(submission.value.redirectTo)}` : "/login";
      throw await redirectWithToast(to, { type: "error", message: classifyUpstreamFailure(error).text });
    }
    throw error;
  }
}

export default function LoginPage() {
  const { t } = useTranslation(["common", "validation", "menu"]);
  const actionData = useActionData<typeof action>();
  const { constraint } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  // Both looked up in every render: the document's translations then carry the busy text a first click shows.
  const submitLabel = { idle: t("auth.login"), busy: t("auth.loggingIn") };
  const redirectTo = searchParams.get("redirect") ?? "";
  const [form, fields] = useForm({
    id: "login-form",
    // Validated on the server (the same messages with JavaScript off): no zod in the browser.
    constraint,
    lastResult: actionData?.result,
  });
  const tv = (errors?: string[]) => errors?.map((e) => t(e, { ns: "validation" }));
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/login");

  return (
    <div>
      <h1 className="mb-6 text-center text-xl font-semibold text-gray-800">{t("title.login", { ns: "menu" })}</h1>
      <Form method="post" className="space-y-4" {...getFormProps(form)} noValidate={hydrated}>
        <CsrfInput />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field label={t("auth.phone")} htmlFor={fields.phone.id} errors={tv(fields.phone.errors)} errorId={fields.phone.errorId}>
          <Input
            {...getInputProps(fields.phone, { type: "tel" })}
            autoComplete="username"
            placeholder={t("auth.phonePlaceholder")}
            // The login screen has one task, which starts at the phone field.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
          />
        </Field>
        <Field label={t("auth.password")} htmlFor={fields.password.id} errors={tv(fields.password.errors)} errorId={fields.password.errorId}>
          <Input {...getInputProps(fields.password, { type: "password" })} autoComplete="current-password" placeholder={t("auth.passwordPlaceholder")} />
        </Field>
        <div role="alert" id={form.errorId}>
          <ErrorList errors={form.errors} />
        </div>
        <Button type="submit" className="w-full" disabled={busy} data-testid="login-submit">
          {submitLabel[busy ? "busy" : "idle"]}
        </Button>
      </Form>
      <div className="mt-4 flex justify-between text-sm">
        <Link to="/register" className="text-primary hover:underline">
          {t("auth.toRegister")}
        </Link>
        <Link to="/resetPassword" className="text-primary hover:underline">
          {t("auth.forgotPassword")}
        </Link>
      </div>
    </div>
  );
}

import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n-react";
import type * as z from "zod";
import { Endpoints } from "@contract/endpoints";
import type { kindergartenItemSchema } from "@contract/api";
import { CsrfInput } from "~/components/csrf-input";
import { Button } from "~/components/ui/button";
import { ButtonSlot } from "~/components/ui/button-slot";
import { FormFeedback } from "~/components/ui/form-feedback";
import { ActionToast } from "~/components/toaster";
import { Field, useErrorText, useHydrated } from "~/components/ui/field";
import { Input, NativeSelect } from "~/components/ui/input";
import { encryptPassword } from "~/utils/auth.server";
import { requireCsrf } from "~/utils/csrf.server";
import { getT } from "~/utils/i18n.server";
import { pageMeta } from "~/utils/meta";
import { getUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { settle, upstream } from "~/utils/upstream.server";
import { PASSWORD_MIN_LENGTH } from "@contract/password-length";
import { failureReply, smsStepReply, type AuthActionData } from "./__sms.server";
import { loadRegistration, parseRegister, registerConstraint, type classItemSchema, type RegisterFields } from "./__register.server";

/**
 * /register, as plain forms that work without JavaScript:
 * 1. GET ?registrationCode=… → the kindergarten and its class list (register/kindergarten, register/classes);
 * 2. POST intent=sendSms → SMS code (purpose register);
 * 3. POST intent=register → register (parent: child name required; teacher: enabled later by the admin).
 */
const REGISTER_FIELDS = ["registrationCode", "classId", "role", "realName", "childName", "phone", "smsCode", "password", "confirmPassword"];

export const meta = pageMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getUser(request)) throw redirect("/");
  const url = new URL(request.url);
  const code = url.searchParams.get("registrationCode")?.trim() ?? "";
  const t = await getT(request, "menu");
  const base = { title: t("title.register"), code, kindergarten: null, classes: [], error: null, constraint: registerConstraint() } as {
    title: string;
    constraint: ReturnType<typeof registerConstraint>;
    code: string;
    kindergarten: z.infer<typeof kindergartenItemSchema> | null;
    classes: Array<z.infer<typeof classItemSchema>>;
    error: string | null;
  };
  if (!code) return json(base);
  return json({ ...base, ...(await loadRegistration(request, code)) });
}

type ActionData = AuthActionData;

export async function action({ request }: ActionFunctionArgs) {
  await requireCsrf(request);
  const formData = await request.formData();
  const submission = parseRegister(formData);
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success") {
    return json<ActionData>({ result: submission.reply({ hideFields }) }, { status: 400 });
  }
  const value = submission.value;
  if (value.intent === "sendSms") {
    return smsStepReply(request, submission, value.phone, "register", hideFields);
  }
  const result = await settle(
    upstream(request, { token: null }).envelope("POST", Endpoints.register, {
      form: {
        registrationCode: value.registrationCode,
        classId: value.classId,
        role: value.role,
        realName: value.realName,
        childName: value.role === "4" ? value.childName : undefined,
        phone: value.phone,
        smsCode: value.smsCode,
        password: encryptPassword(value.password),
      },
    }),
  );
  if (!result.ok) {
    return failureReply(submission, result, REGISTER_FIELDS, hideFields);
  }
  const t = await getT(request, "common");
  return redirectWithToast("/login", { type: "success", message: result.data.msg || t("auth.register.done") });
}

export default function RegisterPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const { t, i18n } = useTranslation(["common", "menu"]);
  const errorText = useErrorText();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const busy = navigation.state !== "idle";
  const [form, fields] = useForm<RegisterFields>({
    id: "register-form",
    // Validated on the server (the same messages with JavaScript off): no zod in the browser.
    constraint: data.constraint,
    lastResult: actionData?.result,
    defaultValue: { registrationCode: data.code, role: "4" },
  });
  const role = fields.role.value ?? "4";

  return (
    <div>
      <h1 className="mb-4 text-center text-xl font-semibold text-gray-800">{t("title.register", { ns: "menu" })}</h1>

      {/* Step 1: a GET form; the loader fetches the kindergarten and its classes. */}
      <Form method="get" className="space-y-2" data-testid="register-code-form">
        <p className="text-sm font-medium text-gray-500">{t("auth.register.step1")}</p>
        <Field label={t("auth.register.code")} htmlFor="registrationCode" errors={data.error ? [data.error] : null}>
          <div className="flex gap-2">
            <Input id="registrationCode" name="registrationCode" defaultValue={data.code} required placeholder={t("auth.register.codePlaceholder")} />
            <Button type="submit" variant="outline">
              {t("auth.register.getClasses")}
            </Button>
          </div>
        </Field>
      </Form>

      {data.kindergarten ? (
        <Form method="post" className="mt-6 space-y-4 border-t pt-4" {...getFormProps(form)} noValidate={hydrated}>
          <CsrfInput />
          <p className="text-sm font-medium text-gray-500">{t("auth.register.step2")}</p>
          <input type="hidden" name="registrationCode" value={data.code} />
          <p className="text-sm text-gray-700">
            {t("auth.register.kindergarten")}: <strong data-testid="register-kindergarten">{data.kindergarten.kindergartenName}</strong>
          </p>
          <Field label={t("auth.register.class")} htmlFor={fields.classId.id} errors={errorText(fields.classId.errors)}>
            <NativeSelect {...getSelectProps(fields.classId)}>
              <option value="">{t("auth.register.chooseClass")}</option>
              {data.classes.map((c) => (
                <option key={c.id} value={c.id}>
                  {i18n.language === "en" && c.nameEn ? c.nameEn : c.name}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label={t("auth.register.role")} htmlFor={fields.role.id} errors={errorText(fields.role.errors)}>
            <NativeSelect {...getSelectProps(fields.role)}>
              <option value="4">{t("auth.register.parent")}</option>
              <option value="3">{t("auth.register.teacher")}</option>
            </NativeSelect>
          </Field>
          <Field label={t("auth.register.realName")} htmlFor={fields.realName.id} errors={errorText(fields.realName.errors)}>
            <Input {...getInputProps(fields.realName, { type: "text" })} autoComplete="name" />
          </Field>
          {role === "4" ? (
            <Field label={t("auth.register.childName")} htmlFor={fields.childName.id} errors={errorText(fields.childName.errors)}>
              <Input {...getInputProps(fields.childName, { type: "text" })} />
            </Field>
          ) : null}
          <Field label={t("auth.phone")} htmlFor={fields.phone.id} errors={errorText(fields.phone.errors)}>
            <Input {...getInputProps(fields.phone, { type: "tel" })} autoComplete="tel" />
          </Field>
          <Field label={t("auth.register.smsCode")} htmlFor={fields.smsCode.id} errors={errorText(fields.smsCode.errors)}>
            <div className="flex gap-2">
              <Input {...getInputProps(fields.smsCode, { type: "text" })} inputMode="numeric" autoComplete="one-time-code" />
              <Button type="submit" name="intent" value="sendSms" variant="outline" formNoValidate disabled={busy}>
                {t("auth.register.sendSms")}
              </Button>
            </div>
          </Field>
          <Field label={t("auth.password")} htmlFor={fields.password.id} errors={errorText(fields.password.errors)}>
            <Input {...getInputProps(fields.password, { type: "password" })} autoComplete="new-password" minLength={PASSWORD_MIN_LENGTH} />
          </Field>
          <Field label={t("auth.register.confirmPassword")} htmlFor={fields.confirmPassword.id} errors={errorText(fields.confirmPassword.errors)}>
            <Input {...getInputProps(fields.confirmPassword, { type: "password" })} autoComplete="new-password" minLength={PASSWORD_MIN_LENGTH} />
          </Field>
          <p className="text-xs text-gray-500">{t("auth.reset.rules")}</p>
          <FormFeedback notice={actionData?.notice} errorId={form.errorId} errors={errorText(form.errors)} />
          <ActionToast toast={actionData?.toast} />
          <div className="flex gap-2">
            <Button type="submit" name="intent" value="register" className="flex-1" disabled={busy}>
              {t("auth.register.submit")}
            </Button>
            <ButtonSlot variant="outline">
              <Link to="/register">{t("auth.register.reset")}</Link>
            </ButtonSlot>
          </div>
        </Form>
      ) : null}

      <div className="mt-4 text-sm">
        <Link to="/login" className="text-primary hover:underline">
          {t("auth.toLogin")}
        </Link>
      </div>
    </div>
  );
}

import type { Submission, SubmissionResult } from "@conform-to/react";
import { json } from "@remix-run/node";
import { Endpoints } from "@contract/api";
import { getT } from "~/utils/i18n.server";
import { settle, upstream } from "~/utils/upstream.server";
import type { ToastView } from "~/components/toaster";

/**
 * Sends an SMS code (POST sms/code). The code goes only to the phone (or, with the API's local provider,
 * to the server's log and outbox file): the page never shows it.
 * Failures come back as `{ ok: false, error }`.
 */
export async function sendSmsCode(request: Request, phone: string, purpose: "register" | "forgot") {
  const api = upstream(request, { token: null });
  const sent = await settle(api.envelope("POST", Endpoints.smsCode, { form: { phone, purpose } }));
  if (!sent.ok) return { ok: false as const, error: sent.error, fieldErrors: sent.fieldErrors };
  const t = await getT(request, "common");
  return { ok: true as const, message: sent.data.msg || t("auth.register.smsSent") };
}

/** What the register and reset-password actions answer: the form's state and, after sending a code, a notice. */
export type AuthActionData = { result: SubmissionResult<string[]>; notice?: string; toast?: ToastView | null };

type Failure = { ok: false; error: string; fieldErrors?: Record<string, string[]> };

/**
 * A failed upstream call of a form that stays on its page (section 8): messages about the form's own fields stay by
 * those fields; anything else (network, unknown reply, a msg) is the 2 s toast, never text inside the form.
 */
export function failureReply(submission: Submission<unknown>, failure: Failure, fieldNames: readonly string[], hideFields: string[]) {
  const fieldErrors = Object.fromEntries(Object.entries(failure.fieldErrors ?? {}).filter(([k, v]) => fieldNames.includes(k) && v.length > 0));
  const onFields = Object.keys(fieldErrors).length > 0;
  return json<AuthActionData>(
    {
      result: submission.reply({ fieldErrors, hideFields }),
      toast: onFields ? null : { id: Math.random().toString(36).slice(2), type: "error", message: failure.error },
    },
    { status: 400 },
  );
}

/** The "send SMS code" step of the register and reset-password forms, as the action's reply. */
export async function smsStepReply(request: Request, submission: Submission<unknown>, phone: string, purpose: "register" | "forgot", hideFields: string[]) {
  const sent = await sendSmsCode(request, phone, purpose);
  if (!sent.ok) return failureReply(submission, sent, ["phone"], hideFields);
  return json<AuthActionData>({ result: submission.reply({ hideFields }), notice: sent.message });
}

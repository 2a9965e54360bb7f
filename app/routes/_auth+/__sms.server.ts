import type { Submission, SubmissionResult } from "@conform-to/react";
import { json } from "@remix-run/node";
import * as z from "zod";
import { Endpoints } from "@contract/api";
import { getT } from "~/utils/i18n.server";
import { settle, upstream } from "~/utils/upstream.server";

const outboxSchema = z.object({ list: z.array(z.object({ content: z.string(), purpose: z.string() })) });

/**
 * Sends an SMS code (POST sms/code). With the API's local SMS provider (demo), the code is read
 * back from its outbox (GET sms/outbox) and shown as a hint, since no real message goes out.
 * Answers the text to show, or throws nothing: failures come back as `{ ok: false, error }`.
 */
export async function sendSmsCode(request: Request, phone: string, purpose: "register" | "forgot") {
  const api = upstream(request, { token: null });
  const sent = await settle(api.envelope("POST", Endpoints.smsCode, { form: { phone, purpose } }));
  if (!sent.ok) return { ok: false as const, error: sent.error, fieldErrors: sent.fieldErrors };
  const t = await getT(request, "common");
  let message = sent.data.msg || t("auth.register.smsSent");
  const outbox = await settle(api.get("sms/outbox", { query: { phone }, schema: outboxSchema }));
  if (outbox.ok) {
    const latest = outbox.data.list.find((m) => m.purpose === purpose) ?? outbox.data.list[0];
    const code = latest?.content.match(/\b(\d{6})\b/)?.[1];
    if (code) message = `${message} ${t("auth.register.smsHint", { code })}`;
  }
  return { ok: true as const, message };
}

/** What the register and reset-password actions answer: the form's state and, after sending a code, a notice. */
export type AuthActionData = { result: SubmissionResult<string[]>; notice?: string };

/** The "send SMS code" step of the register and reset-password forms, as the action's reply. */
export async function smsStepReply(
  request: Request,
  submission: Submission<unknown>,
  phone: string,
  purpose: "register" | "forgot",
  hideFields: string[],
) {
  const sent = await sendSmsCode(request, phone, purpose);
  if (!sent.ok) {
    return json<AuthActionData>(
      { result: submission.reply({ formErrors: [sent.error], fieldErrors: sent.fieldErrors, hideFields }) },
      { status: 400 },
    );
  }
  return json<AuthActionData>({ result: submission.reply({ hideFields }), notice: sent.message });
}

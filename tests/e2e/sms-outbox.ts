import { expect, type Page, type Response } from "@playwright/test";
import { readOutbox } from "../../api/services/sms";
import { E2E_SMS_OUTBOX } from "../../playwright.config";

/**
 * SMS codes in the e2e runs: the API's local provider writes them to its outbox file (never to a page or an
 * HTTP reply), so the specs read them there, as a person trying the product locally would.
 */
export async function smsCodeFromOutbox(phone: string, purpose: "register" | "forgot" | "applicant", since: string): Promise<string> {
  let code = "";
  await expect
    .poll(async () => {
      const entry = (await readOutbox(E2E_SMS_OUTBOX, phone)).find((e) => e.purpose === purpose && e.at >= since);
      code = entry?.content.match(/\b(\d{6})\b/)?.[1] ?? "";
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** Records the bodies of the console's replies from now on (to prove that none of them carries a code). */
export function recordReplies(page: Page) {
  const bodies: Promise<string>[] = [];
  const onResponse = (r: Response) => void bodies.push(r.text().catch(() => ""));
  page.on("response", onResponse);
  return async () => {
    page.off("response", onResponse);
    return [...(await Promise.all(bodies)), await page.content()];
  };
}

/** Clicks "获取验证码" and answers the code from the outbox after checking that no reply or page showed it. */
export async function sendCodeAndReadOutbox(page: Page, phone: string, purpose: "register" | "forgot") {
  const since = new Date().toISOString();
  const replies = recordReplies(page);
  await page.getByRole("button", { name: "获取验证码" }).click();
  await expect(page.getByTestId("notice")).toContainText("验证码");
  const code = await smsCodeFromOutbox(phone, purpose, since);
  for (const body of await replies()) expect(body).not.toContain(code);
  return code;
}

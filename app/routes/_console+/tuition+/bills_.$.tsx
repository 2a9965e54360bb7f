import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { CsrfInput } from "~/components/csrf-input";
import { ResourceSubPage } from "~/components/resource/pages";
import { Button, buttonVariants } from "~/components/ui/button";
import { ErrorList, Field } from "~/components/ui/field";
import { Input, NativeSelect } from "~/components/ui/input";
import { resourceSubAction, resourceSubLoader } from "~/resources/route";
import { useTranslation } from "~/utils/i18n-react";
import { pageMeta } from "~/utils/meta";
import { formatDateTime } from "@contract/resource-format";
import type { SubData } from "~/resources/types";
import { RECEIPT_ROLES, receiptHref } from "./__receipt";
import { billsCustomAction, billsCustomLoader, billsCustomOf, roleOf, type GenerateData, type PayData } from "./__tuition.server";

/**
 * /tuition/bills/new, /<id>, /<id>/edit, /<id>/delete, record actions (the resource machinery), plus
 * /tuition/bills/generate (a class's bills, finance) and /tuition/bills/<id>/pay (the parent's QR page).
 */
export async function loader(args: LoaderFunctionArgs) {
  // The QR page is the parent's; finance's "pay" is the plain record action.
  const custom = billsCustomOf(args.params["*"], await roleOf(args.request));
  return custom ? billsCustomLoader(args, custom) : resourceSubLoader("tuitionBills")(args);
}
export async function action(args: ActionFunctionArgs) {
  const custom = billsCustomOf(args.params["*"], await roleOf(args.request));
  return custom ? billsCustomAction(args, custom) : resourceSubAction("tuitionBills")(args);
}
export const meta = pageMeta;

const card = "space-y-4 rounded-md bg-white p-6 shadow-sm ring-1 ring-gray-100";

function GeneratePage({ data }: { data: GenerateData }) {
  const { t } = useTranslation(["tuition", "crud"]);
  const result = useActionData<{ errors?: Record<string, string[]>; values?: Record<string, string> }>();
  const e = result?.errors ?? {};
  const v = result?.values ?? {};
  return (
    <section className="max-w-xl space-y-4" data-testid="generate-page">
      <h1 className="text-xl font-semibold text-gray-800" data-testid="page-title">
        {t("tuition:bills.generate.title")}
      </h1>
      <Form method="post" className={card}>
        <CsrfInput />
        <ErrorList errors={e._} />
        <Field label={t("tuition:bills.generate.class")} htmlFor="g-class" errors={e.classId}>
          <NativeSelect id="g-class" name="classId" defaultValue={v.classId ?? ""} required>
            <option value="">—</option>
            {data.classes.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label={t("tuition:bills.fields.template")} htmlFor="g-template" errors={e.templateId}>
          <NativeSelect id="g-template" name="templateId" defaultValue={v.templateId ?? ""} required>
            <option value="">—</option>
            {data.templates.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label={t("tuition:bills.fields.title")} htmlFor="g-title" errors={e.title} hint={t("tuition:bills.help.title")}>
          <Input id="g-title" name="title" defaultValue={v.title ?? ""} maxLength={60} />
        </Field>
        <Field label={t("tuition:bills.fields.discount")} htmlFor="g-discount" errors={e.discount} hint={t("tuition:bills.help.discount")}>
          <Input id="g-discount" name="discount" type="number" min={0} max={100} step={1} defaultValue={v.discount ?? "0"} />
        </Field>
        <Field label={t("tuition:bills.fields.dueDate")} htmlFor="g-due" errors={e.dueDate}>
          <Input id="g-due" name="dueDate" type="date" defaultValue={v.dueDate ?? ""} />
        </Field>
        <label className="flex items-center gap-2 text-sm text-gray-700">
          <input type="checkbox" name="useDeposit" defaultChecked={v.useDeposit === "on"} /> {t("tuition:bills.fields.useDeposit")}
        </label>
        <div className="flex gap-2">
          <Button type="submit" data-testid="generate-submit">
            {t("tuition:bills.generate.submit")}
          </Button>
          <Link to="/tuition/bills" className={buttonVariants({ variant: "outline" })}>
            {t("tuition:bills.generate.cancel")}
          </Link>
        </div>
      </Form>
    </section>
  );
}

function PayPage({ data }: { data: PayData }) {
  const { t } = useTranslation(["tuition", "crud"]);
  const nav = useNavigation();
  const loading = nav.state !== "idle" && (nav.location?.pathname ?? "").endsWith(`/${data.bill.id}/pay`);
  const polled = usePaymentPolling(data);
  const status = polled ?? data.bill.status;
  const paid = status === "paid" || status === "paidUnconfirmed";
  const providerName = data.provider === "wechat" || data.provider === "alipay" ? t(`tuition:bills.providers.${data.provider}`) : "";
  return (
    <section className="max-w-xl space-y-4" data-testid="pay-page">
      <div className="flex items-center justify-between">
        <h1 className="text-xl font-semibold text-gray-800" data-testid="page-title">
          {t("tuition:bills.pay.title")}
        </h1>
        <Link to="/tuition/bills" className="text-sm text-primary hover:underline">
          {t("tuition:bills.pay.back")}
        </Link>
      </div>
      <div className={card}>
        <p className="text-sm text-gray-700">
          {data.bill.title} · {data.bill.studentName}
        </p>
        <p className="text-lg font-semibold text-gray-900">
          {t("tuition:bills.pay.amount")}: <span data-testid="pay-amount">{data.bill.amountText}</span>
        </p>
        <pre className="whitespace-pre-wrap text-xs text-gray-600">{data.bill.lines}</pre>
      </div>
      {paid ? (
        <p role="status" className={card} data-testid="pay-paid">
          {t("tuition:bills.pay.alreadyPaid")}
        </p>
      ) : loading ? (
        <p role="status" aria-live="polite" className={card} data-testid="qr-loading">
          {t("tuition:bills.pay.loading")}
        </p>
      ) : data.notSetUp ? (
        <div role="alert" className={card} data-testid="pay-not-set-up">
          <p className="text-sm text-gray-700">{data.notSetUp}</p>
        </div>
      ) : data.failed ? (
        <div role="alert" className={card} data-testid="qr-failed">
          <p className="text-sm text-red-700">{data.failed}</p>
          <Link to={`/tuition/bills/${data.bill.id}/pay`} className={buttonVariants({ variant: "outline" })} data-testid="qr-close-retry">
            {t("tuition:bills.pay.closeRetry")}
          </Link>
        </div>
      ) : data.qr ? (
        <div className={card} data-testid="qr-panel">
          <p className="text-sm text-gray-700">{t("tuition:bills.pay.scan", { provider: providerName })}</p>
          <figure
            className="mx-auto w-64"
            aria-label={t("tuition:bills.pay.qrAlt")}
            role="img"
            data-testid="qr-svg"
            dangerouslySetInnerHTML={{ __html: data.qr.svg }}
          />
          <p className="text-xs text-gray-500">{t("tuition:bills.pay.expires", { time: formatDateTime(data.qr.expiresAt) })}</p>
          <p className="text-xs text-gray-500">{t("tuition:bills.pay.watching")}</p>
          <div className="flex flex-wrap gap-2">
            <Link to={`/tuition/bills/${data.bill.id}/pay`} className={buttonVariants({ variant: "default" })} data-testid="qr-check-paid">
              {t("tuition:bills.pay.checkPaid")}
            </Link>
            <a href={data.qr.qrText} className="text-sm text-primary hover:underline" data-testid="qr-standin" target="_blank" rel="noreferrer">
              {t("tuition:bills.pay.standIn")}
            </a>
            <Link to={`/tuition/bills/${data.bill.id}/pay`} className={buttonVariants({ variant: "outline" })} data-testid="qr-close">
              {t("tuition:bills.pay.closeRetry")}
            </Link>
          </div>
        </div>
      ) : (
        <Form method="post" className={card} data-testid="pay-choose">
          <CsrfInput />
          <p className="text-sm text-gray-700">{t("tuition:bills.pay.choose")}</p>
          <div className="flex gap-2">
            <Button type="submit" name="provider" value="wechat" data-testid="pay-wechat">
              {t("tuition:bills.providers.wechat")}
            </Button>
            <Button type="submit" name="provider" value="alipay" data-testid="pay-alipay">
              {t("tuition:bills.providers.alipay")}
            </Button>
          </div>
        </Form>
      )}
    </section>
  );
}

const PAYMENT_POLL_MS = 4000;

/**
 * While a QR code is shown (JavaScript on), the bill's status is asked every few seconds from the same page without a
 * provider (which never makes a new QR code), so the page turns to "paid" once the payment arrives. Without
 * JavaScript the "I have paid" link asks once. Answers the newest status heard, or null before any.
 */
function usePaymentPolling(data: PayData): string | null {
  const fetcher = useFetcher<PayData>();
  const watching = Boolean(data.qr) && data.bill.status === "pending";
  const heard = fetcher.data?.bill?.status ?? null;
  const settled = heard !== null && heard !== "pending";
  useEffect(() => {
    if (!watching || settled) return;
    const timer = window.setInterval(() => {
      if (fetcher.state === "idle") fetcher.load(`/tuition/bills/${data.bill.id}/pay`);
    }, PAYMENT_POLL_MS);
    return () => window.clearInterval(timer);
  }, [watching, settled, fetcher, data.bill.id]);
  return heard;
}

/** A paid bill's detail offers its receipt to the parent and finance. */
function ReceiptLink({ data }: { data: SubData }) {
  const { t } = useTranslation(["tuition"]);
  if (data.view !== "detail" || data.item.status !== "paid" || !RECEIPT_ROLES.includes(data.roleId)) return null;
  return (
    <a href={receiptHref(data.id)} className={buttonVariants({ variant: "outline" })} data-testid="bill-receipt" download>
      {t("tuition:bills.receipt.button")}
    </a>
  );
}

export default function Page() {
  const data = useLoaderData<GenerateData | PayData | { view: string }>();
  if (data.view === "generate") return <GeneratePage data={data as GenerateData} />;
  if (data.view === "pay") return <PayPage data={data as PayData} />;
  return (
    <>
      <ResourceSubPage />
      <ReceiptLink data={data as SubData} />
    </>
  );
}

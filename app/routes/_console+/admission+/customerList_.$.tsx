import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { ResourceSubPage } from "~/components/resource/pages";
import { Button, buttonVariants } from "~/components/ui/button";
import { resourceSubAction } from "~/resources/route";
import { useTranslation } from "~/utils/i18n-react";
import { pageMeta } from "~/utils/meta";
import type { HistoryEntry } from "@contract/actions";
import type { CustomerTimelineEntry } from "@contract/entities/customer-timeline";
import { CustomerTimeline } from "~/components/admission/customer-timeline";
import { customerSubLoader, mergeAction, mergeIdOf, mergeLoader, type FollowUpLinks } from "./__admission.server";

/**
 * /admission/customerList/new, /<id>, /<id>/edit, /<id>/delete, /delete, /import, the stage actions' confirmations
 * (/<id>/contact …) and /<id>/merge?into=<id> (merge two customers sharing a phone). The detail adds the customer's
 * timeline: communications, appointments and stage changes.
 */
export async function loader(args: LoaderFunctionArgs) {
  const merge = mergeIdOf(args.params["*"]);
  if (merge) return mergeLoader(args, merge);
  return customerSubLoader(args);
}
export async function action(args: ActionFunctionArgs) {
  const merge = mergeIdOf(args.params["*"]);
  if (merge) return mergeAction(args, merge);
  return resourceSubAction("admissionCustomers")(args);
}
export const meta = pageMeta;

interface Customer {
  id: number;
  kidName: string;
  phone: string | null;
  stage: string;
  kindergartenName: string;
  createdAt: string;
}

function MergePage({ page, from, into }: { page: string; from: Customer; into: Customer }) {
  const { t } = useTranslation("admission");
  return (
    <section className="max-w-2xl space-y-4 rounded border bg-white p-4" data-testid="merge-page">
      <h1 className="text-lg font-semibold">{t("customers.mergePage.title")}</h1>
      <p className="text-sm text-gray-700">{t("customers.mergePage.explain", { from: from.kidName, fromId: from.id, into: into.kidName, intoId: into.id })}</p>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        {[from, into].map((c) => (
          <div key={c.id} className="rounded border p-2">
            <dt className="font-medium">
              {c.kidName} #{c.id}
            </dt>
            <dd>{c.phone}</dd>
            <dd>{t(`stages.${c.stage}`)}</dd>
            <dd>{c.kindergartenName}</dd>
          </div>
        ))}
      </dl>
      <Form method="post" className="flex gap-2">
        <CsrfInput />
        <input type="hidden" name="into" value={into.id} />
        <Button type="submit" data-testid="merge-submit">
          {t("customers.mergePage.submit")}
        </Button>
        <Link to={page} className={buttonVariants({ variant: "outline" })}>
          {t("customers.mergePage.cancel")}
        </Link>
      </Form>
    </section>
  );
}

/** Record a communication or book an appointment for this customer (the hidden pages' forms, the customer chosen). */
function FollowUp({ links }: { links: FollowUpLinks }) {
  const { t } = useTranslation("admission");
  const items = [
    { href: links.communication, label: t("customers.followUp.communication"), testId: "customer-add-communication" },
    { href: links.appointment, label: t("customers.followUp.appointment"), testId: "customer-add-appointment" },
  ].filter((l): l is { href: string; label: string; testId: string } => Boolean(l.href));
  if (!items.length) return null;
  return (
    <nav aria-label={t("customers.followUp.title")} className="flex flex-wrap gap-2" data-testid="customer-follow-up">
      {items.map((l) => (
        <Link key={l.testId} to={l.href} className={buttonVariants({ variant: "outline" })} data-testid={l.testId}>
          {l.label}
        </Link>
      ))}
    </nav>
  );
}

interface DetailExtras {
  view: string;
  followUp?: FollowUpLinks;
  timeline?: CustomerTimelineEntry[];
  item?: { history?: HistoryEntry[]; createdAt?: string };
}

export default function Page() {
  const data = useLoaderData<{ view: string; page?: string; from?: Customer; into?: Customer }>();
  if (data.view === "merge" && data.page && data.from && data.into) return <MergePage page={data.page} from={data.from} into={data.into} />;
  const detail = data as DetailExtras;
  return (
    <div className="space-y-4">
      <ResourceSubPage />
      {detail.view === "detail" && detail.followUp ? <FollowUp links={detail.followUp} /> : null}
      {detail.view === "detail" && detail.timeline && detail.item?.createdAt ? (
        <CustomerTimeline entries={detail.timeline} history={detail.item.history ?? []} createdAt={detail.item.createdAt} />
      ) : null}
    </div>
  );
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ResourceListPage } from "~/components/resource/list";
import { buttonVariants } from "~/components/ui/button";
import { resourceListAction } from "~/resources/route";
import { useTranslation } from "~/utils/i18n-react";
import { pageMeta } from "~/utils/meta";
import { customerListLoader, type DuplicateGroup } from "./__admission.server";

/**
 * /admission/customerList — the admissions customers (contract/resources/admission.ts `admissionCustomers`): stages
 * and opportunity states as record actions, import and export; below, customers sharing a phone within a
 * kindergarten with a link to merge them (roles 1, 12, 16).
 */
export const loader = (args: LoaderFunctionArgs) => customerListLoader(args);
export const action = resourceListAction;
export const meta = pageMeta;

function Duplicates() {
  const data = useLoaderData<{ duplicates: DuplicateGroup[]; mayMerge: boolean; def: { page: string } }>();
  const { t } = useTranslation("admission");
  if (!data.duplicates?.length) return null;
  return (
    <section aria-labelledby="dup-title" className="rounded border border-amber-200 bg-amber-50 p-3" data-testid="customer-duplicates">
      <h2 id="dup-title" className="mb-2 text-sm font-semibold text-amber-900">
        {t("customers.duplicates.title")}
      </h2>
      <ul className="space-y-2 text-sm">
        {data.duplicates.map((g) => {
          const [keep, ...others] = g.customers;
          return (
            <li key={`${g.kindergartenId}-${g.phone}`} className="flex flex-wrap items-center gap-2">
              <span className="text-gray-700">{t("customers.duplicates.phone", { phone: g.phone })}:</span>
              {g.customers.map((c) => (
                <Link key={c.id} to={`${data.def.page}/${c.id}`} className="text-blue-700 underline" data-value>
                  {c.kidName} #{c.id}
                </Link>
              ))}
              {data.mayMerge && keep
                ? others.map((o) => (
                    <Link
                      key={o.id}
                      to={`${data.def.page}/${o.id}/merge?into=${keep.id}`}
                      className={buttonVariants({ variant: "outline", size: "sm" })}
                      data-testid={`merge-${o.id}`}
                    >
                      {t("customers.duplicates.merge", { name: `${keep.kidName} #${keep.id}` })}
                    </Link>
                  ))
                : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export default function Page() {
  return (
    <div className="space-y-4">
      <ResourceListPage />
      <Duplicates />
    </div>
  );
}

import { Link, useLoaderData } from "@remix-run/react";
import { Icon } from "~/components/icons";
import { useLayoutT } from "./i18n";

interface PlaceholderData {
  titleKey: string;
  descKey: string;
  externalUrl: string | null;
}

/**
 * A page of the route tree whose content comes in a later issue: its title, a clear "not built yet"
 * state and what it will hold. The guard already ran (pageLoader), so reaching it means permitted.
 * Link-out pages (the age 0–6 platform) show their link.
 */
export function PlaceholderPage() {
  const data = useLoaderData<PlaceholderData>();
  const { t } = useLayoutT();
  return (
    <section className="rounded-md bg-white p-8 shadow-sm ring-1 ring-gray-100" data-testid="placeholder-page">
      <div className="flex items-center gap-3">
        <h1 className="text-xl font-semibold text-gray-800" data-testid="page-title">
          {t("menu:" + data.titleKey)}
        </h1>
        {data.externalUrl ? null : (
          <span className="rounded bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-700 ring-1 ring-amber-200">{t("placeholder.badge")}</span>
        )}
      </div>
      {data.externalUrl ? (
        <div className="mt-6 space-y-4" data-testid="external-link-page">
          <p className="text-sm text-gray-600">{t("age06.intro")}</p>
          <a
            href={data.externalUrl}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="external-link"
            className="inline-flex items-center gap-2 rounded bg-primary px-4 py-2 text-sm font-medium text-white hover:bg-primary-dark"
          >
            {t("age06.open")}
            <Icon name="external" className="h-4 w-4" />
          </a>
          <p className="break-all text-xs text-gray-500">{data.externalUrl}</p>
        </div>
      ) : (
        <div className="mt-6 flex items-start gap-4 rounded border border-dashed border-gray-300 bg-gray-50 p-6" data-testid="not-built">
          <Icon name="tools" className="mt-0.5 h-8 w-8 shrink-0 text-gray-400" />
          <div>
            <p className="font-medium text-gray-700">{t("placeholder.notBuilt")}</p>
            <p className="mt-2 text-sm text-gray-600">
              {t("placeholder.willHold")} {t(data.descKey)}
            </p>
            <p className="mt-2 text-xs text-gray-500">{t("placeholder.permissionNote")}</p>
            <Link to="/Home" className="mt-4 inline-block text-sm text-primary hover:underline">
              {t("placeholder.backHome")}
            </Link>
          </div>
        </div>
      )}
    </section>
  );
}

import { useFetchers, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n-react";

/**
 * Shown while any navigation, form submission or fetcher is in flight ("数据传输中" / "loading"),
 * as the product's loading overlay. It fades in after a short delay (no flash on fast answers) and
 * does not swallow clicks.
 */
export function LoadingIndicator() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const { t } = useTranslation("common");
  const busy = navigation.state !== "idle" || fetchers.some((f) => f.state !== "idle");
  if (!busy) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="loading-indicator"
      className="loading-fade-in pointer-events-none fixed inset-0 z-[90] flex items-start justify-center bg-white/30 pt-24"
    >
      <div className="fixed inset-x-0 top-0 h-0.5 animate-pulse bg-primary" />
      <div className="flex items-center gap-2 rounded bg-gray-800/85 px-4 py-2 text-sm text-white shadow">
        <span className="inline-block h-4 w-4 animate-spin rounded-full border-2 border-white border-t-transparent" />
        {t("loading")}
      </div>
    </div>
  );
}

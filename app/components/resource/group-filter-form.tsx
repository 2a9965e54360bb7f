import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/utils/i18n-react";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/input";

/** The plain GET "education group" filter of pages spanning groups (data from app/resources/group-filter.server.ts). */
export function GroupFilterForm({
  group,
  groups,
  children,
}: {
  group: string;
  groups: Array<{ value: number; label: string }>;
  /** Shown at the end of the bar (e.g. the statistics window). */
  children?: ReactNode;
}) {
  const { t } = useTranslation("kgmgmt");
  return (
    <Form method="get" className="flex flex-wrap items-end gap-2 rounded-md bg-white p-4 shadow-sm ring-1 ring-gray-100">
      <label className="flex flex-col gap-1 text-sm text-gray-700">
        {t("statistics.group")}
        <NativeSelect name="educationGroupId" defaultValue={group} fit className="w-60">
          <option value="" data-vocab="">
            {t("statistics.allGroups")}
          </option>
          {groups.map((g) => (
            <option key={g.value} value={g.value}>
              {g.label}
            </option>
          ))}
        </NativeSelect>
      </label>
      <Button type="submit" variant="outline">
        {t("statistics.apply")}
      </Button>
      {children}
    </Form>
  );
}

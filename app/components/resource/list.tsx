import { Form, useLoaderData, useSubmit } from "@remix-run/react";
import { Link } from "~/components/link";
import * as React from "react";
import { DEFAULT_PAGE_SIZES, KEYWORD_MAX, parseSort, visibleFor, type FilterDef, type ListColumn, type ListView } from "@contract/resource-view";
import { formatCell } from "@contract/resource-format";
import { Button, buttonVariants } from "~/components/ui/button";
import { useHydrated } from "~/components/ui/hydrated";
import { Input, NativeSelect } from "~/components/ui/input";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { cn } from "~/utils/cn";
import type { Item, ListData, Option } from "~/resources/types";
import { rowAllows, searchOf, subHref, useResourceT } from "./i18n";

export { rowAllows };
import { ImagesCell } from "./images-view";
import { actionMessageKey, actionNames, actionOf, labelIn } from "@contract/actions";
import { bulkActionNames, RecordActionButtons } from "./record-actions";

// Confirmation dialogs load when one is opened (with JavaScript only; without it they are pages).
const ConfirmDeleteDialog = React.lazy(() => import("./dialogs").then((m) => ({ default: m.ConfirmDeleteDialog })));
const BulkActionDialog = React.lazy(() => import("./dialogs").then((m) => ({ default: m.BulkActionDialog })));

function optionsFor(source: FilterDef["options"], loaded: Option[] | undefined, t: (k: string) => string): Option[] {
  // Loaded first: the server narrows some static choices to the user (e.g. the roles she may grant).
  if (loaded) return loaded;
  if (source && "static" in source) return source.static.map((o) => ({ value: String(o.value), label: t(o.label) }));
  return [];
}

function FilterControl({ f, value, options }: { f: FilterDef; value: Record<string, string>; options: Record<string, Option[]> }) {
  const { t } = useResourceT();
  const id = `filter-${f.field}`;
  const label = (
    <label htmlFor={f.kind === "dateRange" ? `${id}-from` : id} className="mb-1 block text-xs text-gray-500">
      {t(f.label)}
    </label>
  );
  if (f.kind === "dateRange")
    return (
      <div>
        {label}
        <div className="flex items-center gap-1">
          <Input
            id={`${id}-from`}
            type="date"
            name={`${f.field}From`}
            defaultValue={value[`${f.field}From`] ?? ""}
            aria-label={t("crud:list.from")}
            fit
            className="w-40"
          />
          <span className="text-gray-500" aria-hidden="true">
            –
          </span>
          <Input type="date" name={`${f.field}To`} defaultValue={value[`${f.field}To`] ?? ""} aria-label={t("crud:list.to")} fit className="w-40" />
        </div>
      </div>
    );
  if (f.kind === "text")
    return (
      <div>
        {label}
        <Input id={id} name={f.field} defaultValue={value[f.field] ?? ""} fit className="w-44" />
      </div>
    );
  const opts =
    f.kind === "boolean"
      ? [
          { value: "true", label: t("crud:list.yes") },
          { value: "false", label: t("crud:list.no") },
        ]
      : optionsFor(f.options, options[f.field], t);
  // Fixed vocabularies (translated labels) as opposed to data (names from the API): the a11y crawl checks their language.
  const vocab = f.kind === "boolean" || Boolean(f.options && "static" in f.options);
  return (
    <div>
      {label}
      <NativeSelect id={id} name={f.field} defaultValue={value[f.field] ?? ""} fit className="w-44" data-testid={id}>
        <option value="" data-vocab="">
          {t("crud:list.all")}
        </option>
        {opts.map((o) => (
          <option key={o.value} value={o.value} data-vocab={vocab ? "" : undefined}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

function Cell({ col, item }: { col: ListColumn; item: Item }) {
  const { t, lang } = useResourceT();
  const v = item[col.field];
  // A file id: its thumbnail through the console's checked /files route (the API answers only users who may see the row).
  if (col.format === "image")
    return v == null || v === "" ? null : (
      <img
        src={`/files/${encodeURIComponent(String(v))}?variant=thumb`}
        alt={t("crud:files.thumbnail")}
        width={40}
        height={40}
        loading="lazy"
        className="h-10 w-10 rounded object-cover"
        data-testid="cell-thumbnail"
      />
    );
  if (col.format === "images") return <ImagesCell value={v} />;
  if (col.format === "tags" && Array.isArray(v))
    return (
      <div className="flex flex-wrap gap-1">
        {v.map((x, i) => (
          <span key={i} className="rounded bg-sky-50 px-1.5 py-0.5 text-xs text-sky-700 ring-1 ring-sky-100">
            {String(x)}
          </span>
        ))}
      </div>
    );
  const tone = col.tones?.[String(v)];
  if (tone)
    return (
      <span className={cn("inline-block rounded px-1.5 py-0.5 text-xs font-medium ring-1", TONE_CLASS[tone])} data-tone={tone}>
        {formatCell(v, col, t, lang)}
      </span>
    );
  return <>{formatCell(v, col, t, lang)}</>;
}

/** The state column shows each state in its tone (the definition's `states`), unless the column names its own tones. */
function withStateTones(def: ListView, col: ListColumn): ListColumn {
  if (col.tones || !def.states || def.states.field !== col.field) return col;
  return { ...col, tones: Object.fromEntries(def.states.list.map((s) => [String(s.item ?? s.name), s.tone])) };
}

/**
 * The actions column stays at the right edge of the table's own scroll box (the page never scrolls sideways): on a
 * 1280 px screen the other columns scroll beneath it. Its links wrap onto more lines instead of widening it, each
 * link in one piece ("Reset password", not "Reset p…").
 */
const STICKY_ACTIONS = "sticky right-0 z-[1] shadow-[-8px_0_8px_-8px_rgba(0,0,0,0.15)]";
const ROW_ACTIONS = "ml-auto flex w-max max-w-[16rem] flex-wrap items-center justify-end gap-x-3 gap-y-1 [&>*]:whitespace-nowrap";

const TONE_CLASS: Record<NonNullable<ListColumn["tones"]>[string], string> = {
  info: "bg-sky-50 text-sky-700 ring-sky-100",
  danger: "bg-red-50 text-red-700 ring-red-100",
  warning: "bg-amber-50 text-amber-700 ring-amber-100",
  success: "bg-green-50 text-green-700 ring-green-100",
  muted: "bg-gray-50 text-gray-600 ring-gray-100",
};

/**
 * The list page of a resource: filter form (plain GET), sortable headers (links), pagination with
 * page size, total, empty state, row actions by permission, checkbox selection with bulk delete and the
 * definition's bulk record actions (GET → `<page>/delete` or `<page>/<action>` confirmation page without
 * JavaScript; a dialog with it), export of the current filter.
 */
export function ResourceListPage({
  toolbar,
  rowActions,
}: {
  toolbar?: React.ReactNode;
  /** Extra row links (e.g. password reset), shown before view/edit/delete. */
  rowActions?: (item: Item, back: string) => React.ReactNode;
}) {
  const data = useLoaderData<ListData>();
  const def = data.def;
  const { t, lang } = useResourceT();
  const hydrated = useHydrated();
  // Shown once hydrated only: looked up in the server's render too, so the document's translations carry it.
  const selectAllLabel = t("crud:list.selectAll");
  const submit = useSubmit();
  const { query, page, perms, options, roleId } = data;
  const columns = def.columns.filter((c) => visibleFor(c.roles, roleId)).map((c) => withStateTones(def, c));
  const filters = (def.filters ?? []).filter((f) => visibleFor(f.roles, roleId));
  const sort = parseSort(def, query.sort);
  const back = searchOf(query);
  const pageSize = page.pageSize;
  const pages = Math.max(1, Math.ceil(page.total / pageSize));
  // Row, bulk and selection offers come from each row's `actions` (the API's rule), never from the role alone.
  const bulkDeletable = perms.delete && def.bulkDelete !== false && page.list.some((i) => rowAllows(i, "delete"));
  // Bulk record actions (declared `where: [..., "bulk"]`, the role in actionRoles): offered when some row allows one now;
  // a row is selectable when it allows one of them (the others' states are the API's to refuse: 409, all or nothing).
  const bulkNames = bulkActionNames(def, roleId);
  const bulkActionable = (i: Item) => bulkNames.some((n) => rowAllows(i, n));
  const bulkExtra = page.list.some(bulkActionable);
  const selectableRow = (i: Item) => (bulkDeletable && rowAllows(i, "delete")) || (bulkExtra && bulkActionable(i));
  const selectable = bulkDeletable || bulkExtra;
  const hasRowActions =
    perms.view ||
    Boolean(rowActions) ||
    page.list.some((i) => rowAllows(i, "change") || rowAllows(i, "delete") || actionNames(def).some((n) => rowAllows(i, n)));
  const hasFilters = Object.keys(query).some((k) => !["currentPage", "pageSize", "sort"].includes(k));
  const bulkId = `bulk-${def.name}`;
  const [selected, setSelected] = React.useState<number[]>([]);
  const [dialog, setDialog] = React.useState<null | { kind: "one"; item: Item } | { kind: "bulk" } | { kind: "action"; name: string }>(null);
  React.useEffect(() => setSelected([]), [page]);
  const ids = page.list.filter(selectableRow).map((i) => i.id);
  const allChecked = ids.length > 0 && ids.every((id) => selected.includes(id));

  const sortHref = (field: string) => {
    const next = sort.field === field && !sort.desc ? `-${field}` : field;
    return def.page + searchOf(query, { sort: next, currentPage: null });
  };
  const rowLink = (item: Item) => (perms.view ? subHref(def, String(item.id), back) : rowAllows(item, "change") ? subHref(def, `${item.id}/edit`, back) : null);
  const exportHref = (format: "xlsx" | "csv") => `${def.page}/export${searchOf(query, { format, currentPage: null, pageSize: null })}`;

  return (
    <section className="space-y-4" data-testid="resource-list" data-resource={def.name}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold text-gray-800" data-testid="page-title">
          {data.title}
        </h1>
        <div className="flex flex-wrap items-center gap-2">
          {toolbar}
          {perms.create && def.importable ? (
            <Link to={subHref(def, "import", back)} className={buttonVariants({ variant: "outline", size: "sm" })} data-testid="import-button">
              {t("crud:actions.import")}
            </Link>
          ) : null}
          {def.exportable === false ? null : (
            <>
              <a href={exportHref("xlsx")} className={buttonVariants({ variant: "outline", size: "sm" })} data-testid="export-xlsx" download>
                {t("crud:actions.exportXlsx")}
              </a>
              <a href={exportHref("csv")} className={buttonVariants({ variant: "outline", size: "sm" })} data-testid="export-csv" download>
                {t("crud:actions.exportCsv")}
              </a>
            </>
          )}
          {perms.create ? (
            <Link to={subHref(def, "new", back)} className={buttonVariants({ size: "sm" })} data-testid="create-button">
              + {t("crud:actions.create")}
            </Link>
          ) : null}
        </div>
      </div>

      <Form
        method="get"
        action={def.page}
        className="flex flex-wrap items-end gap-3 rounded-md bg-white p-4 shadow-sm ring-1 ring-gray-100"
        data-testid="filter-form"
      >
        {def.search?.length ? (
          <div>
            <label htmlFor={`${def.name}-keyword`} className="mb-1 block text-xs text-gray-500">
              {t("crud:list.keyword")}
            </label>
            <Input
              id={`${def.name}-keyword`}
              name="keyword"
              type="search"
              // The list refuses a longer keyword (the query schema): a pasted message is cut here, not refused.
              maxLength={KEYWORD_MAX}
              defaultValue={query.keyword ?? ""}
              placeholder={t("crud:list.keywordPlaceholder")}
              fit
              className="w-52"
              data-testid="filter-keyword"
            />
          </div>
        ) : null}
        {filters.map((f) => (
          <FilterControl key={f.field} f={f} value={query} options={options} />
        ))}
        {query.sort ? <input type="hidden" name="sort" value={query.sort} /> : null}
        {query.pageSize ? <input type="hidden" name="pageSize" value={query.pageSize} /> : null}
        <div className="flex gap-2">
          <Button type="submit" size="sm" data-testid="filter-submit">
            {t("crud:actions.search")}
          </Button>
          <Link to={def.page} className={buttonVariants({ variant: "outline", size: "sm" })} data-testid="filter-reset">
            {t("crud:actions.reset")}
          </Link>
        </div>
      </Form>

      {data.error ? (
        <p role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-700" data-testid="list-error">
          {data.error}
        </p>
      ) : null}

      <div className="overflow-x-auto rounded-md bg-white shadow-sm ring-1 ring-gray-100" data-testid="table-scroll">
        {selectable ? (
          <form
            id={bulkId}
            method="get"
            action={`${def.page}/delete`}
            className="flex items-center gap-3 border-b border-gray-100 px-4 py-2"
            onSubmit={(e) => {
              if (!hydrated) return;
              // The delete button opens the delete dialog, a bulk action's button its own dialog.
              const action = (e.nativeEvent as SubmitEvent).submitter?.getAttribute("data-bulk-action");
              e.preventDefault();
              if (action && bulkNames.includes(action)) setDialog({ kind: "action", name: action });
              else if (bulkDeletable) setDialog({ kind: "bulk" });
            }}
          >
            {back ? <input type="hidden" name="back" value={back} /> : null}
            {bulkDeletable ? (
              <Button type="submit" variant="outline" size="sm" disabled={hydrated && selected.length === 0} data-testid="bulk-delete">
                {t("crud:actions.bulkDelete")}
              </Button>
            ) : null}
            {bulkExtra
              ? bulkNames.map((name) => {
                  const a = actionOf(def, name)!;
                  return (
                    <Button
                      key={name}
                      type="submit"
                      variant={a.tone === "danger" ? "destructive" : "outline"}
                      size="sm"
                      formAction={`${def.page}/${name}`}
                      disabled={hydrated && selected.length === 0}
                      data-bulk-action={name}
                      data-testid={`bulk-${name}`}
                    >
                      {t(actionMessageKey(a.label, "bulk"), { action: labelIn(a.label, lang) })}
                    </Button>
                  );
                })
              : null}
            {hydrated && selected.length ? <span className="text-xs text-gray-500">{t("crud:list.selected", { count: selected.length })}</span> : null}
          </form>
        ) : null}
        <table className="w-full text-left text-sm" data-testid="resource-table">
          <thead className="bg-gray-50 text-xs font-medium text-gray-500">
            <tr>
              {selectable ? (
                <th className="w-10 px-4 py-2">
                  {hydrated ? (
                    <input
                      type="checkbox"
                      aria-label={selectAllLabel}
                      checked={allChecked}
                      onChange={(e) => setSelected(e.currentTarget.checked ? ids : [])}
                      data-testid="select-all"
                    />
                  ) : null}
                </th>
              ) : null}
              {columns.map((col) => {
                const active = sort.field === col.field;
                return (
                  <th
                    key={col.field}
                    className={cn("whitespace-nowrap px-4 py-2", col.align === "right" && "text-right")}
                    aria-sort={active ? (sort.desc ? "descending" : "ascending") : undefined}
                  >
                    {col.sortable ? (
                      <Link
                        to={sortHref(col.field)}
                        className="inline-flex items-center gap-1 hover:text-primary"
                        data-testid={`sort-${col.field}`}
                        title={t("crud:list.sortBy", { field: t(col.label) })}
                      >
                        {t(col.label)}
                        <span aria-hidden="true" className={cn("text-[10px]", active ? "text-primary" : "text-gray-300")}>
                          {active ? (sort.desc ? "▼" : "▲") : "▲▼"}
                        </span>
                      </Link>
                    ) : (
                      t(col.label)
                    )}
                  </th>
                );
              })}
              {hasRowActions ? <th className={cn("px-4 py-2 text-right", STICKY_ACTIONS, "bg-gray-50")}>{t("crud:actions.actions")}</th> : null}
            </tr>
          </thead>
          <tbody>
            {page.list.length === 0 ? (
              <tr>
                <td colSpan={columns.length + 2} className="px-4 py-12 text-center text-sm text-gray-500" data-testid="empty">
                  {hasFilters ? t("crud:list.emptyFiltered") : t("crud:list.empty")}
                </td>
              </tr>
            ) : (
              page.list.map((item) => {
                const link = rowLink(item);
                return (
                  <tr key={item.id} className="group border-t border-gray-100 hover:bg-gray-50" data-testid="resource-row" data-id={item.id}>
                    {selectable ? (
                      <td className="px-4 py-2">
                        {selectableRow(item) ? (
                          <input
                            type="checkbox"
                            name="ids"
                            value={item.id}
                            form={bulkId}
                            aria-label={t("crud:list.selectRow")}
                            checked={hydrated ? selected.includes(item.id) : undefined}
                            onChange={(e) => {
                              const on = e.currentTarget.checked;
                              setSelected((s) => (on ? [...s, item.id] : s.filter((x) => x !== item.id)));
                            }}
                            data-testid="row-select"
                          />
                        ) : null}
                      </td>
                    ) : null}
                    {columns.map((col) => (
                      <td
                        key={col.field}
                        className={cn(
                          "px-4 py-2 text-gray-700",
                          col.align === "right" && "text-right tabular-nums",
                          // A date reads as one piece ("2026-11-28", not "2026-11-" over "28").
                          (col.format === "date" || col.format === "datetime") && "whitespace-nowrap",
                        )}
                        data-field={col.field}
                      >
                        {col.link && link ? (
                          <Link to={link} className="text-primary hover:underline">
                            <Cell col={col} item={item} />
                          </Link>
                        ) : (
                          <Cell col={col} item={item} />
                        )}
                      </td>
                    ))}
                    {hasRowActions ? (
                      <td className={cn("px-4 py-2 text-right", STICKY_ACTIONS, "bg-white group-hover:bg-gray-50")} data-testid="row-actions">
                        <div className={ROW_ACTIONS}>
                          <RecordActionButtons def={def} item={item} back={back} place="row" />
                          {rowActions?.(item, back)}
                          {perms.view ? (
                            <Link to={subHref(def, String(item.id), back)} className="text-primary hover:underline" data-testid="row-view">
                              {t("crud:actions.view")}
                            </Link>
                          ) : null}
                          {rowAllows(item, "change") ? (
                            <Link to={subHref(def, `${item.id}/edit`, back)} className="text-primary hover:underline" data-testid="row-edit">
                              {t("crud:actions.edit")}
                            </Link>
                          ) : null}
                          {rowAllows(item, "delete") ? (
                            <Link
                              to={
                                subHref(def, `${item.id}/delete`, back) +
                                // Without an item endpoint the confirmation page names the row from the link.
                                (def.itemEndpoint === false ? `${back ? "&" : "?"}label=${encodeURIComponent(String(item[def.labelField] ?? ""))}` : "")
                              }
                              className="text-red-700 hover:underline"
                              data-testid="row-delete"
                              onClick={(e) => {
                                if (!hydrated) return;
                                e.preventDefault();
                                setDialog({ kind: "one", item });
                              }}
                            >
                              {t("crud:actions.delete")}
                            </Link>
                          ) : null}
                        </div>
                      </td>
                    ) : null}
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>

      <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-gray-600" data-testid="pagination">
        <span data-testid="total">{t("crud:list.total", { count: page.total })}</span>
        <div className="flex flex-wrap items-center gap-3">
          <Form
            method="get"
            action={def.page}
            className="flex items-center gap-2"
            onChange={(e) => {
              if (hydrated) submit(e.currentTarget, { method: "get", action: def.page });
            }}
          >
            {Object.entries(query)
              .filter(([k]) => k !== "pageSize" && k !== "currentPage")
              .map(([k, v]) => (
                <input key={k} type="hidden" name={k} value={v} />
              ))}
            <label htmlFor={`${def.name}-page-size`} className="sr-only">
              {t("crud:list.perPage")}
            </label>
            <NativeSelect id={`${def.name}-page-size`} name="pageSize" defaultValue={String(pageSize)} inputSize="sm" fit data-testid="page-size">
              {[...new Set([...(def.pageSizes ?? DEFAULT_PAGE_SIZES), pageSize])]
                .sort((a, b) => a - b)
                .map((n) => (
                  <option key={n} value={n} data-vocab="">
                    {t("crud:list.pageSize", { size: n })}
                  </option>
                ))}
            </NativeSelect>
            {hydrated ? null : (
              <Button type="submit" variant="outline" size="sm">
                {t("crud:list.applyPageSize")}
              </Button>
            )}
          </Form>
          <Pager query={query} current={page.currentPage} pages={pages} base={def.page} />
        </div>
      </div>

      <React.Suspense fallback={null}>
        {dialog?.kind === "one" ? (
          <ConfirmDeleteDialog
            open
            onOpenChange={(o) => !o && setDialog(null)}
            title={t("crud:delete.title", { one: data.one })}
            message={t("crud:delete.confirm", { name: String(dialog.item[def.labelField] ?? dialog.item.id) })}
            action={`${def.page}/${dialog.item.id}/delete`}
            fields={back ? { back } : {}}
          />
        ) : null}
        {dialog?.kind === "action" ? (
          <BulkActionDialog def={def} name={dialog.name} items={page.list.filter((i) => selected.includes(i.id))} back={back} onClose={() => setDialog(null)} />
        ) : null}
        {dialog?.kind === "bulk" ? (
          <ConfirmDeleteDialog
            open
            onOpenChange={(o) => !o && setDialog(null)}
            title={t("crud:delete.bulkTitle")}
            message={
              <>
                <p>{t("crud:delete.bulkConfirm", { count: selected.length })}</p>
                <ScrollRegion label={t("crud:delete.bulkTitle")} className="mt-2 max-h-40">
                  <ul className="list-inside list-disc text-gray-700">
                    {page.list
                      .filter((i) => selected.includes(i.id))
                      .map((i) => (
                        <li key={i.id}>{String(i[def.labelField] ?? i.id)}</li>
                      ))}
                  </ul>
                </ScrollRegion>
              </>
            }
            action={`${def.page}/delete`}
            fields={{ ids: selected.map(String), ...(back ? { back } : {}) }}
          />
        ) : null}
      </React.Suspense>
    </section>
  );
}

function Pager({ query, current, pages, base }: { query: Record<string, string>; current: number; pages: number; base: string }) {
  const { t } = useResourceT();
  const href = (n: number) => base + searchOf(query, { currentPage: n === 1 ? null : n });
  const nums: (number | "…")[] = [];
  for (let n = 1; n <= pages; n++) {
    if (n === 1 || n === pages || Math.abs(n - current) <= 2) nums.push(n);
    else if (nums[nums.length - 1] !== "…") nums.push("…");
  }
  const item = "inline-flex h-8 min-w-8 items-center justify-center rounded px-2";
  return (
    <nav className="flex items-center gap-1" aria-label={t("crud:list.page", { page: current, pages })} data-testid="pager">
      {current > 1 ? (
        <Link to={href(current - 1)} className={cn(item, "hover:text-primary")} data-testid="page-prev" rel="prev">
          {t("crud:list.prev")}
        </Link>
      ) : (
        <span className={cn(item, "text-gray-500")} aria-disabled="true">
          {t("crud:list.prev")}
        </span>
      )}
      {nums.map((n, i) =>
        n === "…" ? (
          <span key={`gap-${i}`} className="px-1 text-gray-500">
            …
          </span>
        ) : n === current ? (
          <span key={n} className={cn(item, "bg-primary text-white")} aria-current="page">
            {n}
          </span>
        ) : (
          <Link key={n} to={href(n)} className={cn(item, "hover:text-primary")} data-testid={`page-${n}`}>
            {n}
          </Link>
        ),
      )}
      {current < pages ? (
        <Link to={href(current + 1)} className={cn(item, "hover:text-primary")} data-testid="page-next" rel="next">
          {t("crud:list.next")}
        </Link>
      ) : (
        <span className={cn(item, "text-gray-500")} aria-disabled="true">
          {t("crud:list.next")}
        </span>
      )}
    </nav>
  );
}

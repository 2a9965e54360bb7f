import type { Lang } from "@contract/settings";
import { t } from "@api/i18n";

const esc = (s: unknown) => String(s ?? "").replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

type Obj = Record<string, unknown>;

function schemaSummary(schema: Obj | undefined): string {
  if (!schema) return "";
  const props = (schema.properties ?? {}) as Record<string, Obj>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const names = Object.keys(props);
  if (!names.length) return "";
  return names.map((n) => `<code>${esc(n)}</code>${required.has(n) ? "*" : ""}`).join(", ");
}

/** A readable, self-contained reference page (no CDN assets: these machines have no internet). */
export function renderDocs(doc: Obj, lang: Lang): string {
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Obj>>;
  const rows: string[] = [];
  for (const [path, ops] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const params = ((op.parameters ?? []) as Obj[]).map((p) => `<code>${esc(p.name)}</code> (${esc(p.in)})${p.required ? "*" : ""}`);
      const body = (op.requestBody as Obj | undefined)?.content as Record<string, Obj> | undefined;
      const form = body ? schemaSummary(Object.values(body)[0]?.schema as Obj) : "";
      const auth = op.security ? "🔒 token" : "";
      rows.push(`<tr><td class="m ${esc(method)}">${esc(method.toUpperCase())}</td><td><code>${esc(path.replace(/^\//, ""))}</code></td>
<td>${esc(op.summary)}${op.description ? `<div class="d">${esc(op.description)}</div>` : ""}</td>
<td>${params.join("<br>")}${form ? `<div>form: ${form}</div>` : ""}</td><td>${auth}</td></tr>`);
    }
  }
  const info = (doc.info ?? {}) as Obj;
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>${esc(t(lang, "docs.title"))}</title>
<style>body{font-family:system-ui,sans-serif;margin:24px;color:#222}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ddd;padding:6px 8px;vertical-align:top;font-size:14px}th{background:#304156;color:#fff;text-align:left}.m{font-weight:bold}.get{color:#2b7}.post{color:#27c}.patch{color:#c82}.delete{color:#c33}.put{color:#85c}.d{color:#666;font-size:12px;margin-top:4px}code{background:#f4f4f4;padding:0 3px}</style>
</head><body><h1>${esc(t(lang, "docs.title"))} <small>${esc(info.version)}</small></h1>
<p>${esc(t(lang, "docs.intro"))}</p><p>${esc(info.description)}</p>
<p>${esc(t(lang, "docs.machine"))} <a href="openapi.json">openapi.json</a></p>
<table><thead><tr><th>method</th><th>path</th><th>summary</th><th>parameters (* required)</th><th>auth</th></tr></thead><tbody>
${rows.join("\n")}</tbody></table>
<p>Also: <code>GET wechat-sandbox/authorize?redirect_uri=…&amp;state=…</code> (local WeChat stand-in page, only with <code>WECHAT_PROVIDER=sandbox</code>), <code>PUT uploads/{bucket}/{key}</code> (local storage, header <code>x-security-token</code>).</p>
</body></html>`;
}

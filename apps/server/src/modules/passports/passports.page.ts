import {
  CHAIN_OF_CUSTODY_LABELS,
  formatKg,
  PASSPORT_SUPPLIER_TYPE_LABELS,
  type PassportContent,
  type PassportVersion,
} from '@plastrace/shared';

// The public passport page, rendered on the server as plain HTML with one static stylesheet and no
// JavaScript at all: a phone on a slow connection reads it at once, it prints, and it works under the
// app's Content-Security-Policy (no inline script or style). Every value is escaped.

export const PASSPORT_CSS_PATH = '/passport.css';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const esc = (s: string | number | null | undefined) =>
  String(s ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

const ENERGY_BASIS: Record<string, string> = {
  metered: 'metered',
  entered: 'entered by the operator',
  process_factor: 'estimated from the process’s kWh per tonne',
  rated_power: 'estimated from the line’s rated power',
  none: 'not recorded',
};

const pct = (v: string) => `${esc(v)} %`;
const row = (cells: string[]) =>
  `<tr>${cells.map((c, i) => (i ? `<td>${c}</td>` : `<th scope="row">${c}</th>`)).join('')}</tr>`;

function table(caption: string, head: string[], rows: string[], numeric = true) {
  if (rows.length === 0) return `<p class="muted">${esc(caption)}: none recorded.</p>`;
  return `<div class="scroll" tabindex="0" role="region" aria-label="${esc(caption)}"><table${numeric ? ' class="num"' : ''}><caption>${esc(caption)}</caption>
<thead><tr>${head.map((h) => `<th scope="col">${esc(h)}</th>`).join('')}</tr></thead>
<tbody>${rows.join('')}</tbody></table></div>`;
}

function title(c: PassportContent) {
  return c.identifier.product
    ? `${c.identifier.product.name}, lot ${c.identifier.lot_code}`
    : `${c.identifier.material.name}, lot ${c.identifier.lot_code}`;
}

function identifier(c: PassportContent) {
  const id = c.identifier;
  const items: [string, string][] = [
    ['Lot', esc(id.lot_code)],
    ...(id.product
      ? ([['Product', `${esc(id.product.name)} (SKU ${esc(id.product.sku)})`]] as [string, string][])
      : []),
    ['Material', `${esc(id.material.name)} · ${esc(id.material.polymer)} ${esc(id.material.form)}`],
    ...(id.gtin ? ([['GTIN', esc(id.gtin)]] as [string, string][]) : []),
    ['Mass of the lot', esc(formatKg(id.kg))],
    ['Digital Link', `<a href="${esc(id.digital_link)}">${esc(id.digital_link)}</a>`],
  ];
  return `<dl class="facts">${items.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join('')}</dl>`;
}

function recycled(c: PassportContent) {
  const r = c.recycled_content;
  const model = r.chain_of_custody
    ? `<p>Chain of custody (ISO 22095): <strong>${esc(CHAIN_OF_CUSTODY_LABELS[r.chain_of_custody])}</strong>. ${esc(r.explanation)}</p>`
    : `<p>${esc(r.explanation)}</p>`;
  return `<section aria-labelledby="recycled"><h2 id="recycled">Recycled content</h2>
<p class="big"><strong>${pct(r.pct)}</strong> recycled plastic</p>${model}
${table(
  'Material composition by polymer',
  ['Polymer', 'Share'],
  c.composition.map((p) => row([esc(p.polymer), pct(p.share_pct)])),
)}
</section>`;
}

function origin(c: PassportContent) {
  const o = c.origin;
  return `<section aria-labelledby="origin"><h2 id="origin">Where the plastic was collected</h2>
<p>Of the lot’s ${esc(formatKg(o.kg))}, <strong>${pct(o.informal_sector_pct)}</strong> was collected by the informal sector (waste pickers and junkshops). Suppliers are not named, to protect the people who collect it.</p>
${table(
  'By place',
  ['Province or region', 'kg', 'Share'],
  o.regions.map((r) => row([esc(r.region), esc(formatKg(r.kg)), pct(r.share_pct)])),
)}
${table(
  'By kind of supplier',
  ['Supplier type', 'kg', 'Share'],
  o.supplier_types.map((t) =>
    row([esc(PASSPORT_SUPPLIER_TYPE_LABELS[t.type]), esc(formatKg(t.kg)), pct(t.share_pct)]),
  ),
)}
</section>`;
}

function processing(c: PassportContent) {
  const rows = c.processing.map((s) =>
    row([
      esc(s.process.name),
      `${esc(s.facility.city)}${s.facility.region ? `, ${esc(s.facility.region)}` : ''}`,
      `<time datetime="${esc(s.date)}">${esc(s.date)}</time>`,
      s.kwh === null
        ? '—'
        : `${esc(s.kwh)} kWh${s.energy_basis ? ` <span class="muted">(${esc(ENERGY_BASIS[s.energy_basis] ?? s.energy_basis)})</span>` : ''}`,
      s.kg_co2e === null ? '—' : `${esc(s.kg_co2e)} kg`,
    ]),
  );
  const factors = [
    ...new Map(c.processing.filter((s) => s.factor).map((s) => [s.factor?.source, s.factor])).values(),
  ];
  const basis = factors
    .map(
      (f) =>
        `<li>${esc(f?.kg_co2e_per_kwh)} kg CO2e per kWh of grid electricity — ${esc(f?.source)}${f?.verified ? '' : ' (not yet verified)'}</li>`,
    )
    .join('');
  return `<section aria-labelledby="processing"><h2 id="processing">Processing</h2>
<p>Each step’s electricity is the part of the run’s kWh that this lot carries, by mass. Total: <strong>${esc(c.totals.kwh)} kWh</strong>, <strong>${esc(c.totals.kg_co2e)} kg CO2e</strong>.</p>
${table('Processing steps', ['Step', 'Where', 'Date', 'Electricity', 'kg CO2e'], rows, false)}
${basis ? `<p>Emission factor used:</p><ul>${basis}</ul>` : ''}
</section>`;
}

function certificates(c: PassportContent) {
  const items = c.certificates.map(
    (x) =>
      `<li><strong>${x.url ? `<a href="${esc(x.url)}" rel="noopener">${esc(x.name)}</a>` : esc(x.name)}</strong>, issued by ${esc(x.issuer)}${x.number ? `, no. ${esc(x.number)}` : ''}${x.valid_until ? `, valid until <time datetime="${esc(x.valid_until)}">${esc(x.valid_until)}</time>` : ''}</li>`,
  );
  const notes = [
    c.recycling_instructions ? `<h3>How to recycle it</h3><p>${esc(c.recycling_instructions)}</p>` : '',
    c.notes ? `<h3>Notes</h3><p>${esc(c.notes)}</p>` : '',
  ].join('');
  return `<section aria-labelledby="certificates"><h2 id="certificates">Certificates</h2>
${items.length ? `<ul>${items.join('')}</ul>` : '<p class="muted">No certificates are listed.</p>'}${notes}</section>`;
}

function shell(opts: { title: string; body: string; alternate?: string }) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(opts.title)}</title>
<link rel="stylesheet" href="${PASSPORT_CSS_PATH}">
${opts.alternate ? `<link rel="alternate" type="application/ld+json" href="${esc(opts.alternate)}">` : ''}
</head><body>${opts.body}</body></html>`;
}

/** The page of one published version; `versions` links the earlier ones. */
export function passportPage(v: PassportVersion & { latest: boolean }, latestNo: number) {
  const c = v.content;
  const link = c.identifier.digital_link;
  const others = Array.from({ length: latestNo }, (_, i) => i + 1)
    .filter((n) => n !== v.version)
    .map((n) => `<a href="${esc(link)}?version=${n}">version ${n}</a>`)
    .join(', ');
  const body = `<header><p class="muted">Product passport · ${esc(c.publisher.name)}</p><h1>${esc(title(c))}</h1></header>
<main>
<section aria-labelledby="identity"><h2 id="identity">Identification</h2>${identifier(c)}</section>
${recycled(c)}${origin(c)}${processing(c)}${certificates(c)}
</main>
<footer><p>Version ${v.version}${v.latest ? ' (latest)' : ''}, published by ${esc(c.publisher.name)} on <time datetime="${esc(v.published_at)}">${esc(v.published_at.slice(0, 10))}</time>. Published versions never change.${others ? ` Other versions: ${others}.` : ''}</p>
<p class="muted small">SHA-256 of this version’s content (RFC 8785 JSON): <code>${esc(v.content_sha256)}</code> · <a href="${esc(link)}?format=jsonld${v.latest ? '' : `&amp;version=${v.version}`}">Machine-readable (JSON-LD)</a> · <a href="/verify/${esc(v.passport_id)}">Verify in the record log</a></p></footer>`;
  return shell({ title: `${title(c)} — product passport`, body, alternate: link });
}

/** What a Digital Link without a published passport answers: a clear page, not the app. */
export function notFoundPage(what: string) {
  return shell({
    title: 'No product passport here',
    body: `<main><h1>No product passport here</h1><p>${esc(what)}</p>
<p>Check the code on the product or its label. A passport appears here once its maker publishes it.</p></main>`,
  });
}

export const PASSPORT_CSS = `:root{color-scheme:light;--ink:#1b1f23;--muted:#4d5560;--line:#d0d7de;--brand:#1f6f43}
*{box-sizing:border-box}
body{margin:0 auto;max-width:46rem;padding:1rem;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:var(--ink);background:#fff}
h1{font-size:1.6rem;line-height:1.25;margin:.25rem 0 1rem}
h2{font-size:1.2rem;margin:1.75rem 0 .5rem;padding-top:.75rem;border-top:1px solid var(--line)}
h3{font-size:1rem;margin:1rem 0 .25rem}
a{color:var(--brand);text-decoration:underline;overflow-wrap:anywhere}
.muted{color:var(--muted)}.small{font-size:.85rem}.big{font-size:1.3rem;margin:.25rem 0}
.facts{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0}
.facts dt{font-weight:600}.facts dd{margin:0;overflow-wrap:anywhere}
.scroll{overflow-x:auto}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1rem}
caption{text-align:left;font-weight:600;padding:.25rem 0}
th,td{border-bottom:1px solid var(--line);padding:.35rem .5rem;text-align:left;vertical-align:top}
table.num td{text-align:right;font-variant-numeric:tabular-nums}
code{font-size:.8rem;overflow-wrap:anywhere}
footer{margin-top:2rem;border-top:1px solid var(--line)}
@media (max-width:30rem){.facts{grid-template-columns:1fr}.facts dd{margin-bottom:.5rem}}
@media print{body{max-width:none;padding:0}a{color:inherit}.scroll{overflow:visible}}
`;

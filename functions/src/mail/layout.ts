/**
 * The shop's e-mail layout: one set of parts rendered twice, as branded HTML (through mjml, which
 * makes it work in Outlook and on phones) and as plain text.
 */
import { BRAND, escapeHtml, SELLER } from '@harbor/domain';
import { shopUrl } from './shopUrl';

export interface MailTable {
  columns: string[];
  rows: string[][];
  /** Label and value rows under the table (subtotal, total...). */
  totals?: [string, string][];
}

export interface MailParts {
  subject: string;
  /** Shown by mail clients next to the subject. */
  preview: string;
  heading: string;
  paragraphs: string[];
  table?: MailTable;
  button?: { label: string; url: string };
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

const NAVY = '#12335c';

function tableMjml(table: MailTable): string {
  const cell = (text: string, index: number, tag: 'td' | 'th') =>
    `<${tag} style="padding:4px 6px;border-bottom:1px solid #e3e7ee;text-align:${index === 0 ? 'left' : 'right'}">${escapeHtml(text)}</${tag}>`;
  const head = `<tr>${table.columns.map((column, index) => cell(column, index, 'th')).join('')}</tr>`;
  const rows = table.rows.map((row) => `<tr>${row.map((value, index) => cell(value, index, 'td')).join('')}</tr>`).join('');
  const totals = (table.totals ?? [])
    .map(([label, value]) => `<tr><td colspan="${table.columns.length - 1}" style="padding:4px 6px;text-align:right">${escapeHtml(label)}</td><td style="padding:4px 6px;text-align:right;font-weight:bold">${escapeHtml(value)}</td></tr>`)
    .join('');
  return `<mj-table font-size="14px" cellpadding="0">${head}${rows}${totals}</mj-table>`;
}

async function html(parts: MailParts): Promise<string> {
  const source = `<mjml>
  <mj-head>
    <mj-title>${escapeHtml(parts.subject)}</mj-title>
    <mj-preview>${escapeHtml(parts.preview)}</mj-preview>
    <mj-attributes><mj-all font-family="Helvetica, Arial, sans-serif" /><mj-text font-size="15px" line-height="22px" color="#1b2430" /></mj-attributes>
  </mj-head>
  <mj-body background-color="#f3f5f8">
    <mj-section background-color="${NAVY}" padding="18px 24px">
      <mj-column><mj-text color="#ffffff" font-size="20px" font-weight="bold">${escapeHtml(BRAND.name)}</mj-text></mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="8px 24px 24px">
      <mj-column>
        <mj-text font-size="20px" font-weight="bold" color="${NAVY}">${escapeHtml(parts.heading)}</mj-text>
        ${parts.paragraphs.map((paragraph) => `<mj-text>${escapeHtml(paragraph)}</mj-text>`).join('\n        ')}
        ${parts.table ? tableMjml(parts.table) : ''}
        ${parts.button ? `<mj-button href="${escapeHtml(parts.button.url)}" background-color="${NAVY}" align="left">${escapeHtml(parts.button.label)}</mj-button>` : ''}
      </mj-column>
    </mj-section>
    <mj-section padding="12px 24px">
      <mj-column><mj-text font-size="12px" color="#5b6573">${escapeHtml(`${BRAND.fullName} · ${SELLER.addressLines.join(', ')} · ${SELLER.phone}`)}</mj-text></mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
  // Loaded on first use: every function's cold start would pay for it. mjml 4 answers at once, 5 with a promise.
  const { default: mjml2html } = await import('mjml');
  const result = await mjml2html(source, { validationLevel: 'strict' });
  return result.html;
}

function text(parts: MailParts): string {
  const lines = [BRAND.name, '', parts.heading, '', ...parts.paragraphs.flatMap((paragraph) => [paragraph, ''])];
  if (parts.table) {
    lines.push(parts.table.columns.join(' | '));
    for (const row of parts.table.rows) lines.push(row.join(' | '));
    for (const [label, value] of parts.table.totals ?? []) lines.push(`${label}: ${value}`);
    lines.push('');
  }
  if (parts.button) lines.push(`${parts.button.label}: ${parts.button.url}`, '');
  lines.push('--', BRAND.fullName, SELLER.addressLines.join(', '), SELLER.phone, shopUrl());
  return lines.join('\n');
}

export async function renderMail(parts: MailParts): Promise<RenderedMail> {
  return { subject: parts.subject, html: await html(parts), text: text(parts) };
}

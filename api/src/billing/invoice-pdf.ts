// GET /api/invoices/{id}/pdf/: the invoice as a PDF, drawn with pdf-lib and its built-in standard fonts (Helvetica,
// nothing downloaded or read from disk). Check one with `pdftotext invoice.pdf -` (Debian's poppler-utils).
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatMoney } from '../money/money';

export interface InvoicePdfFacts {
  seller: { name: string; address: string; email: string; phone: string };
  customer: { name: string; email: string; address: string };
  invoicenum: string;
  status: string;
  createdAt: Date;
  dueDate: string;
  paidAt: Date | null;
  currency: string;
  vatPercent: string;
  subtotalMinor: number;
  vatMinor: number;
  totalMinor: number;
  lines: { name: string; details: string; amountMinor: number }[];
  /** What of it went back to the customer's wallet (billing/invoice-refunds.ts): printed below the total. */
  refunds?: { description: string; createdAt: Date; amountMinor: number }[];
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '3 Mar 2027' from a date or 'YYYY-MM-DD'. */
export function pdfDate(d: Date | string): string {
  const iso = typeof d === 'string' ? d : d.toISOString().slice(0, 10);
  const [y, m, day] = iso.split('-').map(Number) as [number, number, number];
  return `${day} ${MONTHS[m - 1]} ${y}`;
}

/**
 * The standard fonts encode WinAnsi only: anything else (emoji, CJK) is shown as '?', never a crash. Line breaks and
 * tabs in a line (a plan's feature list) are separators, not unknown characters.
 */
const safe = (s: string) =>
  s
    .replace(/\s*[\r\n\t]+\s*/g, ' · ')
    .replace(/^ · | · $/g, '')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

export async function invoicePdf(f: InvoicePdfFacts): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Invoice ${f.invoicenum}`);
  doc.setAuthor(f.seller.name);
  doc.setCreationDate(f.createdAt);
  doc.setModificationDate(f.createdAt);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page = doc.addPage([595.28, 841.89]); // A4
  const left = 50;
  const right = 545;
  let y = 790;
  const ink = rgb(0.12, 0.16, 0.22);
  const muted = rgb(0.42, 0.45, 0.5);

  const text = (p: PDFPage, s: string, x: number, at: number, size = 10, font: PDFFont = regular, color = ink) =>
    p.drawText(safe(s), { x, y: at, size, font, color });
  const textRight = (p: PDFPage, s: string, x: number, at: number, size = 10, font: PDFFont = regular) =>
    text(p, s, x - font.widthOfTextAtSize(safe(s), size), at, size, font);
  const fit = (s: string, width: number, size = 10, font: PDFFont = regular) => {
    const all = safe(s);
    if (font.widthOfTextAtSize(all, size) <= width) return all;
    let out = all;
    while (out.length > 1 && font.widthOfTextAtSize(`${out}...`, size) > width) out = out.slice(0, -1);
    return `${out}...`;
  };

  text(page, f.seller.name, left, y, 20, bold);
  textRight(page, 'INVOICE', right, y, 20, bold);
  y -= 18;
  for (const line of [f.seller.address, f.seller.email, f.seller.phone].filter(Boolean)) {
    text(page, line, left, y, 9, regular, muted);
    y -= 12;
  }
  let ry = 772;
  for (const [label, value] of [
    ['Invoice number', f.invoicenum],
    ['Status', f.status],
    ['Invoice date', pdfDate(f.createdAt)],
    ['Due date', pdfDate(f.dueDate)],
    ...(f.paidAt ? [['Date paid', pdfDate(f.paidAt)]] : []),
    ['Currency', f.currency],
  ] as [string, string][]) {
    textRight(page, `${label}: ${value}`, right, ry, 10);
    ry -= 14;
  }
  y = Math.min(y, ry) - 16;
  text(page, 'Bill to', left, y, 11, bold);
  y -= 14;
  for (const line of [f.customer.name, f.customer.email, f.customer.address].filter(Boolean)) {
    text(page, line, left, y, 10);
    y -= 13;
  }

  y -= 16;
  page.drawRectangle({ x: left, y: y - 6, width: right - left, height: 20, color: rgb(0.93, 0.95, 1) });
  text(page, 'Description', left + 6, y, 10, bold);
  textRight(page, `Amount (${f.currency})`, right - 6, y, 10, bold);
  y -= 24;
  for (const line of f.lines) {
    if (y < 140) {
      page = doc.addPage([595.28, 841.89]);
      y = 790;
    }
    text(page, fit(line.name, 360), left + 6, y, 10);
    textRight(page, formatMoney(line.amountMinor, f.currency), right - 6, y, 10);
    if (line.details && line.details !== line.name) {
      y -= 12;
      text(page, fit(line.details, 380, 8), left + 6, y, 8, regular, muted);
    }
    y -= 18;
  }
  page.drawLine({ start: { x: left, y: y + 6 }, end: { x: right, y: y + 6 }, thickness: 0.5, color: muted });
  y -= 10;
  for (const [label, minor, font] of [
    ['Subtotal', f.subtotalMinor, regular],
    [`VAT (${Number(f.vatPercent)} %)`, f.vatMinor, regular],
    ['Total', f.totalMinor, bold],
  ] as [string, number, PDFFont][]) {
    textRight(page, label, right - 150, y, 11, font);
    textRight(page, formatMoney(minor, f.currency), right - 6, y, 11, font);
    y -= 16;
  }
  if (f.refunds?.length) {
    y -= 8;
    text(page, 'Credited back to the wallet', left, y, 10, bold);
    y -= 16;
    for (const r of f.refunds) {
      if (y < 80) {
        page = doc.addPage([595.28, 841.89]);
        y = 790;
      }
      text(page, fit(`${pdfDate(r.createdAt)} · ${r.description}`, 380), left + 6, y, 10);
      textRight(page, formatMoney(r.amountMinor, f.currency), right - 6, y, 10);
      y -= 16;
    }
  }
  y -= 20;
  text(
    page,
    `VAT note: prices are listed without VAT; VAT of ${Number(f.vatPercent)} % is charged on the subtotal and shown above.`,
    left,
    y,
    8,
    regular,
    muted,
  );
  text(page, `${f.seller.name}, ${f.seller.address}`, left, 40, 8, regular, muted);
  return doc.save();
}

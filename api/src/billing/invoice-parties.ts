// Who sold and who bought, as an invoice prints them (its PDF): recorded when the invoice is issued (checkout and the
// lifecycle's renewal invoices), so a later edit of the company details or of the customer's profile changes new
// invoices only. An invoice issued before the record existed (parties NULL) prints today's details.
import { asc, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db';
import { companyDetails, users } from '../db/schema';
import { invoices } from '../db/schema-commerce';

export interface InvoiceParties {
  /** The seller's name is the product's (configuration): only the company's contact details are recorded. */
  seller: { address: string; email: string; phone: string };
  customer: { name: string; email: string; address: string };
}

/** Today's parties of invoices to each of `userIds`. */
async function currentParties(ex: Executor, userIds: number[]): Promise<Map<number, InvoiceParties>> {
  const [people, [company]] = await Promise.all([
    userIds.length ? ex.select().from(users).where(inArray(users.id, userIds)) : Promise.resolve([]),
    ex.select().from(companyDetails).orderBy(asc(companyDetails.id)).limit(1),
  ]);
  const seller = { address: company?.address ?? '', email: company?.email ?? '', phone: company?.phoneNumber ?? '' };
  const filled = (parts: string[], glue: string) => parts.filter((s) => s.trim()).join(glue);
  return new Map(
    people.map((u) => [
      u.id,
      {
        seller,
        customer: {
          name: filled([u.firstName, u.lastName], ' ') || u.username,
          email: u.email,
          address: filled([u.address, u.city, u.state, u.postCode], ', '),
        },
      },
    ]),
  );
}

/** Records the parties of invoices just issued, in the issuing transaction. */
export async function recordInvoiceParties(ex: Executor, invoiceIds: number[]): Promise<void> {
  if (invoiceIds.length === 0) return;
  const issued = await ex.select({ id: invoices.id, userId: invoices.userId }).from(invoices).where(inArray(invoices.id, invoiceIds));
  const parties = await currentParties(ex, [...new Set(issued.map((i) => i.userId))]);
  const rows = issued.map((i) => ({ id: i.id, parties: parties.get(i.userId) ?? null }));
  await ex.execute(sql`
    UPDATE invoices SET parties = v.parties
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(id int, parties jsonb)
    WHERE invoices.id = v.id`);
}

/** The parties an invoice prints: as recorded at issue, else (issued before the record existed) today's. */
export async function partiesOfInvoice(
  ex: Executor,
  invoice: { userId: number; parties: InvoiceParties | null },
): Promise<InvoiceParties> {
  if (invoice.parties) return invoice.parties;
  const current = (await currentParties(ex, [invoice.userId])).get(invoice.userId);
  if (!current) throw new Error(`invoice of user ${invoice.userId}, who does not exist`);
  return current;
}


-- An invoice prints who sold and who bought as they were when it was issued: the company's address, e-mail and
-- telephone, and the customer's name, e-mail and address (api/src/billing/invoice-parties.ts). Editing the company
-- details or a profile later changes new invoices only. NULL on invoices issued before this column existed: those
-- print today's details, as they always did.
ALTER TABLE invoices ADD COLUMN parties jsonb;

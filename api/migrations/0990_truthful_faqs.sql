-- Two seeded FAQ answers and the return policy promised what the store does not do: a plan change 'from your
-- dashboard' (there is none: support moves a plan, crediting the unused part to the wallet) and a fixed '7.5% VAT'
-- (staff set the rate in the console; the cart and every invoice show the one in force). The seeded texts change
-- (api/src/seed/content.ts); a text staff already edited is kept.
UPDATE faqs SET answer = 'No. Prices are listed without VAT; VAT is added at checkout, at the rate shown in your cart and on every invoice.'
WHERE answer = 'No. Prices are listed without VAT; 7.5% VAT is added at checkout.';
UPDATE faqs SET answer = 'Yes, at any time. Open a support ticket from your dashboard naming the plan you want: we credit the unused part of your current plan to your wallet, and you buy the new plan with it, paying only the difference.'
WHERE answer = 'Yes, at any time, from your dashboard. You only pay the difference for the rest of the current period.';
UPDATE policies SET body = replace(body,
  '<p>You can move to a bigger or smaller plan at any time; the unused part of the current plan is credited to the new one.</p>',
  '<p>You can move to a bigger or smaller plan at any time: open a support ticket naming the plan you want, and the unused part of the current plan is credited to your wallet towards the new one.</p>')
WHERE kind = 'return';

import { Page } from 'shared/ui';

export function TicketsPage() {
  return (
    <Page>
      <h1>Tickets</h1>
    </Page>
  );
}

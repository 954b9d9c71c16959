import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, me, type Call, renderPage as renderAt } from '../../../shared/testing/fake-api';
import { TicketsPage } from './tickets';

// Role queries over a 15-row table are slow on a shared machine.
jest.setTimeout(30000);

const tickets = Array.from({ length: 18 }, (_, i) => ({
  id: i + 1,
  title: `Issue ${i + 1}`,
  description: `Details of issue ${i + 1}`,
  status: 'open',
  priority: 'medium',
  created_at: '2024-03-03T10:00:00Z',
  assigned_to: i === 0 ? 'Agent Smith' : null,
}));

const thread = [
  { id: 1, user: 7, username: 'demo', message: 'My site is down', created_at: '2024-03-04T10:00:00Z' },
  { id: 2, user: 1, username: 'staff', message: 'Looking into it', created_at: '2024-03-04T11:00:00Z' },
];

const columnHeaders = () => screen.getAllByRole('columnheader').map((th) => th.textContent);
const bodyRows = () => screen.getAllByRole('row').slice(1);

it('lists the tickets in the spec columns, with dashes and paging at 15 rows', async () => {
  fakeApi({ 'GET core/me': { body: me }, 'GET ticket/tickets': { body: tickets } });
  const user = userEvent.setup();
  renderAt('/dashboard/tickets', <TicketsPage />);
  expect(await screen.findByRole('cell', { name: 'Issue 1' })).toBeInTheDocument();
  expect(columnHeaders()).toEqual(['Ticket Id', 'Issue Title', 'Description', 'Status', 'Priority', 'Date Created', 'Assigned To']);
  expect(within(screen.getByRole('group', { name: 'Total Tickets' })).getByText('18')).toBeInTheDocument();
  expect(screen.getByText('Showing 15 rows per page')).toBeInTheDocument();
  expect(bodyRows()).toHaveLength(15);
  const first = within(bodyRows()[0]!).getAllByRole('cell').map((td) => td.textContent);
  expect(first).toEqual(['1', 'Issue 1', 'Details of issue 1', 'open', 'medium', '3rd Mar, 2024', 'Agent Smith']);
  expect(within(bodyRows()[1]!).getAllByRole('cell')[6]).toHaveTextContent(/^-$/);
  await user.click(screen.getByRole('button', { name: 'Page 2' }));
  expect(bodyRows()).toHaveLength(3);
  expect(screen.getByRole('cell', { name: 'Issue 18' })).toBeInTheDocument();
  expect(screen.queryByRole('cell', { name: 'Issue 1' })).not.toBeInTheDocument();
});

it('shows the empty and failure states', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  fakeApi({ 'GET core/me': { body: me }, 'GET ticket/tickets': { body: [] } });
  const { unmount } = renderAt('/dashboard/tickets', <TicketsPage />);
  expect(await screen.findByText('No tickets yet.')).toBeInTheDocument();
  unmount();
  jest.restoreAllMocks();
  jest.spyOn(console, 'error').mockImplementation(() => {});
  fakeApi({ 'GET core/me': { body: me }, 'GET ticket/tickets': { status: 500, body: { detail: 'boom' } } });
  renderAt('/dashboard/tickets', <TicketsPage />);
  expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong while fetching your tickets.');
  expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
});

it('opens a side panel from a row by keyboard: facts, thread labelled You and Reply, and a reply that refreshes it', async () => {
  let replies = [...thread];
  let list = tickets;
  const { calls } = fakeApi({
    'GET core/me': { body: me },
    'GET ticket/tickets': () => ({ body: list }),
    'GET ticket/replies': () => ({ body: replies }),
    'POST ticket/replies': (call: Call) => {
      const body = call.body as { message: string; ticket: number };
      const reply = { id: 3, user: 7, username: 'demo', message: body.message, created_at: '2024-03-05T10:00:00Z' };
      replies = [...replies, reply];
      list = tickets.map((t) => (t.id === body.ticket ? { ...t, status: 'Customer-Reply' } : t));
      return { status: 201, body: { message: 'Reply created', data: reply } };
    },
  });
  const user = userEvent.setup();
  renderAt('/dashboard/tickets', <TicketsPage />);
  const row = await screen.findByRole('row', { name: 'Ticket 2: Issue 2' });
  row.focus();
  await user.keyboard('{Enter}');
  const panel = screen.getByRole('dialog', { name: 'Issue 2' });
  // A modal panel: the table behind it is inert and hidden from assistive technology.
  expect(screen.queryByRole('row', { name: 'Ticket 2: Issue 2' })).not.toBeInTheDocument();
  expect(row.closest('[inert]')).not.toBeNull();
  expect(within(panel).getByLabelText('Reply message')).toHaveFocus();
  expect(within(panel).getByText('Details of issue 2')).toBeInTheDocument();
  expect(within(panel).getByText('medium')).toBeInTheDocument();
  expect(within(panel).getByText('open')).toBeInTheDocument();
  const items = await within(panel).findAllByRole('listitem');
  expect(items.map((li) => li.querySelector('p')?.textContent)).toEqual(['You', 'Reply']);
  expect(items[0]).toHaveTextContent('My site is down');
  expect(items[1]).toHaveTextContent('Looking into it');
  expect(calls.find((c) => c.path === 'ticket/replies')?.search).toBe('?ticket_id=2');

  await user.type(within(panel).getByLabelText('Reply message'), 'Any news?');
  await user.click(within(panel).getByRole('button', { name: 'Reply' }));
  expect(await screen.findByText('Reply sent.')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ message: 'Any news?', ticket: 2 });
  await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(3));
  expect(within(panel).getAllByRole('listitem')[2]).toHaveTextContent('YouAny news?');
  expect(within(panel).getByLabelText('Reply message')).toHaveValue('');
  expect(await within(panel).findByText('Customer-Reply')).toBeInTheDocument();

  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  // Focus goes back to the row that opened the panel, which is reachable again.
  expect(screen.getByRole('row', { name: 'Ticket 2: Issue 2' })).toHaveFocus();
  expect(document.querySelector('[inert]')).toBeNull();
});

it('shows the server message, else the fallback, when a reply fails', async () => {
  let answer = { status: 400, body: { detail: 'Ticket is closed.' } as object };
  fakeApi({
    'GET core/me': { body: me },
    'GET ticket/tickets': { body: tickets },
    'GET ticket/replies': { body: [] },
    'POST ticket/replies': () => answer,
  });
  const user = userEvent.setup();
  renderAt('/dashboard/tickets', <TicketsPage />);
  await user.click(await screen.findByRole('row', { name: 'Ticket 1: Issue 1' }));
  const panel = screen.getByRole('dialog', { name: 'Issue 1' });
  expect(await within(panel).findByText('No replies yet.')).toBeInTheDocument();
  await user.type(within(panel).getByLabelText('Reply message'), 'Hello');
  await user.click(within(panel).getByRole('button', { name: 'Reply' }));
  expect(await screen.findByText('Ticket is closed.')).toBeInTheDocument();
  answer = { status: 500, body: {} };
  await user.click(within(panel).getByRole('button', { name: 'Reply' }));
  expect(await screen.findByText('Unable to send reply.')).toBeInTheDocument();
});

it('creates a ticket with title, description and priority, then lists it', async () => {
  let list = tickets.slice(0, 2);
  const { calls } = fakeApi({
    'GET core/me': { body: me },
    'GET ticket/tickets': () => ({ body: list }),
    'POST ticket/tickets': (call: Call) => {
      const created = { ...(call.body as object), id: 99, status: 'open', created_at: '2024-03-03', assigned_to: null };
      list = [...list, created as (typeof list)[number]];
      return { status: 201, body: { message: 'Ticket created', data: created } };
    },
  });
  const user = userEvent.setup();
  renderAt('/dashboard/tickets', <TicketsPage />);
  await user.click(screen.getByRole('button', { name: 'Create Ticket' }));
  const dialog = screen.getByRole('dialog', { name: 'Create Ticket' });
  expect(within(dialog).getByLabelText('Title')).toHaveFocus();
  // The page behind the dialog is hidden: its 'Create Ticket' is the dialog's submit button.
  expect(screen.getAllByRole('button', { name: 'Create Ticket' })).toEqual([within(dialog).getByRole('button', { name: 'Create Ticket' })]);
  const priority = within(dialog).getByLabelText('Priority');
  expect(within(priority).getAllByRole('option').map((o) => o.textContent)).toEqual(['low', 'medium', 'high']);
  await user.type(within(dialog).getByLabelText('Title'), 'Mail broken');
  await user.type(within(dialog).getByLabelText('Description'), 'No mail since Monday');
  await user.selectOptions(priority, 'high');
  await user.click(within(dialog).getByRole('button', { name: 'Create Ticket' }));
  expect(await screen.findByText('Ticket created successfully.')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ title: 'Mail broken', description: 'No mail since Monday', priority: 'high' });
  expect(await screen.findByRole('cell', { name: 'Mail broken' })).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Create Ticket' })).toHaveFocus();
});

it('shows the server message or detail, else the fallback, when ticket creation fails', async () => {
  let answer = { status: 400, body: { message: 'Too many open tickets.' } as object };
  fakeApi({ 'GET core/me': { body: me }, 'GET ticket/tickets': { body: [] }, 'POST ticket/tickets': () => answer });
  const user = userEvent.setup();
  renderAt('/dashboard/tickets', <TicketsPage />);
  await user.click(screen.getByRole('button', { name: 'Create Ticket' }));
  const dialog = screen.getByRole('dialog', { name: 'Create Ticket' });
  await user.click(within(dialog).getByRole('button', { name: 'Create Ticket' }));
  expect(await screen.findByText('Too many open tickets.')).toBeInTheDocument();
  answer = { status: 400, body: { title: ['This field may not be blank.'] } };
  await user.click(within(dialog).getByRole('button', { name: 'Create Ticket' }));
  expect(await screen.findByText('Ticket creation failed.')).toBeInTheDocument();
  // The field's own message stands at it, and focus goes there; typing in it clears the message.
  const title = within(dialog).getByLabelText('Title');
  expect(title).toHaveAccessibleDescription('This field may not be blank.');
  expect(title).toHaveAttribute('aria-invalid', 'true');
  await waitFor(() => expect(title).toHaveFocus());
  await user.type(title, 'Mail');
  expect(title).not.toHaveAttribute('aria-invalid');
});

it('lets the customer close a ticket from its panel; a closed ticket says a reply reopens it', async () => {
  let list = tickets;
  const { calls } = fakeApi({
    'GET core/me': { body: me },
    'GET ticket/tickets': () => ({ body: list }),
    'GET ticket/replies': { body: thread },
    'PATCH ticket/tickets/2': () => {
      list = tickets.map((t) => (t.id === 2 ? { ...t, status: 'Closed' } : t));
      return { body: { message: 'Ticket updated.', data: list[1] } };
    },
  });
  const user = userEvent.setup();
  renderAt('/dashboard/tickets', <TicketsPage />);
  await user.click(await screen.findByRole('row', { name: 'Ticket 2: Issue 2' }));
  const panel = screen.getByRole('dialog', { name: 'Issue 2' });
  await user.click(within(panel).getByRole('button', { name: 'Close ticket' }));
  expect(await screen.findByText('Ticket closed.')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({ path: 'ticket/tickets/2', body: { status: 'Closed' } });
  expect(await within(panel).findByText('Closed')).toBeInTheDocument();
  expect(within(panel).getByText('This ticket is closed. A reply reopens it.')).toBeInTheDocument();
  expect(within(panel).queryByRole('button', { name: 'Close ticket' })).not.toBeInTheDocument();
  // Still answerable: the reply box stays.
  expect(within(panel).getByLabelText('Reply message')).toBeInTheDocument();
});

import { screen, within } from '@testing-library/react';
import { apiDown, mockApi, renderRoutes } from '../../../shared/testing/fake-api';
import { routes } from '../routes';

const renderAt = (path: string) => renderRoutes(routes, path);

afterEach(() => jest.restoreAllMocks());

const posts = [
  {
    id: 7,
    slug: 'faster-sites',
    title: 'Faster sites',
    content: '<h2>Speed</h2><p>Caching <strong>matters</strong>.</p><script>alert(1)</script>',
    image: 'http://api.test/static/p7.jpg',
    author: 'Ada',
    created_at: '2024-03-03T10:00:00Z',
  },
  { id: 8, slug: 'ssl', title: 'Why SSL', content: '<p>Trust.</p>', image: 'http://api.test/static/p8.jpg', author: 'Obi', created_at: '2024-02-01T10:00:00Z' },
];

it('lists posts with image, title, a text excerpt and Read more to /blog/blogpost/{id}', async () => {
  mockApi({ '/blog/blogposts': posts });
  renderAt('/blog');
  const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
  expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  expect(within(nav).getByText('Blog')).toHaveAttribute('aria-current', 'page');
  expect(screen.getByRole('heading', { level: 1, name: 'Blog' })).toBeInTheDocument();

  const heading = await screen.findByRole('heading', { level: 2, name: 'Faster sites' });
  const card = heading.closest('li') as HTMLElement;
  expect(within(card).getByText('Caching matters.')).toHaveClass('excerpt');
  expect(card.innerHTML).not.toContain('<strong>');
  expect(card.textContent).not.toContain('alert(1)');
  expect(within(card).getByRole('img', { name: 'Faster sites' })).toHaveAttribute('src', 'http://api.test/static/p7.jpg');
  expect(within(card).getByRole('link', { name: /Read more/ })).toHaveAttribute('href', '/blog/blogpost/7');
  expect(screen.getAllByRole('link', { name: /Read more/ })).toHaveLength(2);
});

it("shows 'No Posts available now.' when there are none", async () => {
  mockApi({ '/blog/blogposts': [] });
  renderAt('/blog');
  expect(await screen.findByText('No Posts available now.')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: /Read more/ })).not.toBeInTheDocument();
});

it('shows the failure message when the call fails', async () => {
  apiDown();
  renderAt('/blog');
  expect(screen.getByTestId('skeleton')).toBeInTheDocument();
  expect(await screen.findByText('Something went wrong while fetching blog posts.')).toBeInTheDocument();
  expect(screen.queryByTestId('skeleton')).not.toBeInTheDocument();
});

it('treats a server error as a failure too', async () => {
  mockApi({ '/blog/blogposts': { status: 500, body: { detail: 'boom' } } });
  renderAt('/blog');
  expect(await screen.findByText('Something went wrong while fetching blog posts.')).toBeInTheDocument();
});

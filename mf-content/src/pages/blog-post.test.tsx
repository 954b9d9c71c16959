import { screen } from '@testing-library/react';
import { apiDown, mockApi, renderRoutes } from '../../../shared/testing/fake-api';
import { routes } from '../routes';

const renderAt = (path: string) => renderRoutes(routes, path);

afterEach(() => jest.restoreAllMocks());

const post = {
  id: 7,
  slug: 'faster-sites',
  title: 'Faster sites',
  content:
    '<p>Caching <strong>matters</strong>.</p><script>window.hacked = true</script>' +
    '<img src="http://api.test/static/x.png" alt="chart" onerror="window.hacked = true"><a href="javascript:alert(1)">click</a>',
  image: 'http://api.test/static/p7.jpg',
  author: 'Ada Obi',
  created_at: '2024-03-03T10:00:00',
};

it.each(['/blog/blogpost/faster-sites', '/blogpost/faster-sites'])('%s shows the post with its sanitised content', async (path) => {
  const { calls } = mockApi({ '/blog/blogposts/faster-sites': { body: post } });
  const { container } = renderAt(path);
  expect(await screen.findByRole('heading', { level: 1, name: 'Faster sites' })).toBeInTheDocument();
  expect(calls).toContain('/blog/blogposts/faster-sites');
  expect(screen.getByText('Ada Obi', { exact: true }).closest('p')).toHaveTextContent(/^By Ada Obi · 3rd Mar, 2024$/);
  expect(screen.getByText('3rd Mar, 2024')).toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'Faster sites' })).toHaveAttribute('src', 'http://api.test/static/p7.jpg');
  expect(screen.getByText('matters')).toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'chart' })).not.toHaveAttribute('onerror');
  expect(container.querySelector('script')).toBeNull();
  expect(container.innerHTML).not.toMatch(/onerror|javascript:/);
  expect(screen.getByText('click')).not.toHaveAttribute('href');
  expect(screen.getByRole('link', { name: /Back to all posts/ })).toHaveAttribute('href', '/blog');
});

it('shows the failure message for an unknown post', async () => {
  mockApi({});
  renderAt('/blog/blogpost/missing');
  expect(await screen.findByText('Something went wrong while fetching the blogpost.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: /Back to all posts/ })).toHaveAttribute('href', '/blog');
});

it('shows the failure message when the API is down', async () => {
  apiDown();
  renderAt('/blogpost/anything');
  expect(screen.getByTestId('skeleton')).toBeInTheDocument();
  expect(await screen.findByText('Something went wrong while fetching the blogpost.')).toBeInTheDocument();
});

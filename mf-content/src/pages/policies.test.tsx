import { screen } from '@testing-library/react';
import { apiDown, mockApi, renderRoutes } from '../../../shared/testing/fake-api';
import { routes } from '../routes';

const renderAt = (path: string) => renderRoutes(routes, path);

afterEach(() => jest.restoreAllMocks());

const dirty = (title: string) =>
  `<p onclick="steal()">We respect you.</p><h1>${title} heading</h1><script>document.title = 'pwned'</script>` +
  '<a href="javascript:steal()">bad link</a><img src="x.png" alt="seal" onerror="steal()">';

const pages = [
  { path: '/privacy-policy', api: '/manager/privacy_policies', field: 'privacy_policy', title: 'Privacy Policy' },
  { path: '/terms-of-service', api: '/manager/terms_conditions', field: 'terms_and_condition', title: 'Terms and Conditions' },
  { path: '/return-policy', api: '/manager/return_and_exchange_policy', field: 'return_and_exchange_policy', title: 'Return Policy' },
];

describe.each(pages)('$path', ({ path, api, field, title }) => {
  it("renders the server's HTML, sanitised, after a loading overlay", async () => {
    mockApi({ [api]: [{ id: 1, [field]: dirty(title) }] });
    const { container } = renderAt(path);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByTestId('loading-overlay')).toBeInTheDocument();
    expect(await screen.findByText('We respect you.')).not.toHaveAttribute('onclick');
    expect(screen.queryByTestId('loading-overlay')).not.toBeInTheDocument();
    // The content's own h1 became an h2: the page keeps one h1.
    expect(screen.getByRole('heading', { level: 2, name: `${title} heading` })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(container.querySelector('script')).toBeNull();
    expect(container.innerHTML).not.toMatch(/onclick|onerror|javascript:|pwned/);
    expect(screen.getByRole('img', { name: 'seal' })).toBeInTheDocument();
  });

  it("takes the document's own leading title as the page heading, once", async () => {
    mockApi({ [api]: [{ id: 1, [field]: '<h1>Our Policy <em>2024</em></h1>\n<p>Body text.</p><script>x()</script>' }] });
    const { container } = renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Our Policy 2024' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: title })).not.toBeInTheDocument();
    expect(screen.getAllByRole('heading')).toHaveLength(1);
    expect(screen.getByText('Body text.')).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
  });

  it('shows a failure message when the call fails', async () => {
    apiDown();
    renderAt(path);
    expect(await screen.findByText(`Something went wrong while fetching the ${title}.`)).toBeInTheDocument();
  });

  it('says so when the server has none', async () => {
    mockApi({ [api]: [] });
    renderAt(path);
    expect(await screen.findByText(`No ${title} available now.`)).toBeInTheDocument();
  });
});

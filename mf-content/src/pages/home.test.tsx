import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiDown, mockApi, renderRoutes } from '../../../shared/testing/fake-api';
import { routes } from '../routes';

const renderAt = (path: string) => renderRoutes(routes, path);

afterEach(() => jest.restoreAllMocks());

const content = {
  '/manager/slide_images': [
    { id: 1, image: 'http://api.test/static/s1.jpg', alt: 'Fast servers' },
    { id: 2, image: 'http://api.test/static/s2.jpg', alt: 'Happy customers' },
  ],
  '/manager/faqs': [
    { id: 1, question: 'Can I move my site?', answer: 'Yes, with no downtime.' },
    { id: 2, question: 'Do you offer SSL?', answer: 'Every plan includes it.' },
  ],
  '/manager/testimonials': [
    { id: 1, name: 'Ada Obi', position: 'CEO, Shoply', message: 'Best host we ever had.', image: 'http://api.test/static/ada.jpg' },
  ],
  '/manager/packages': [
    { id: 1, name: 'Starter', description: 'For small sites' },
    { id: 2, name: 'Business', description: 'For growing teams' },
  ],
  '/manager/services': [{ id: 1, title: 'Website design', description: 'We build it for you.', image: 'http://api.test/static/d.jpg' }],
  '/manager/company_details': [{ id: 1, about_us: 'About', address: 'Lagos', phone_number: '+234 800', email: 'hello@company.test' }],
  '/hosting/services': [
    {
      id: 2,
      name: 'Shared Hosting',
      description: 'Simple hosting',
      image: 'http://api.test/static/h.jpg',
      type: 'hosting',
      hosting_plans: [
        { id: 5, name: 'Basic', price: 12.5, description: 'One site', service: 2 },
        { id: 6, name: 'Plus', price: 4.99, description: 'More sites', service: 2 },
      ],
    },
  ],
};

it('shows every text of spec section 1 and the home links, even with the API down', async () => {
  apiDown();
  const { container } = renderAt('/');
  expect(screen.getByText('SSL Certificate Guaranteed')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Join the Hosting Revolution.' })).toBeInTheDocument();
  expect(screen.getByText('Experience the future of web domination and supercharge your websites with our hosting plans.')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Additional Hosting Features' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Powerful Server and Platform' })).toBeInTheDocument();
  for (const bullet of [
    'Better security and faster server',
    'No downtime website transfers',
    "We've been supporting WordPress since the beginning.",
    'Perfect for large sites or agencies managing multiple clients',
    'Our easy-to-use control panel and API let you spend.',
  ]) {
    expect(screen.getByText(bullet)).toBeInTheDocument();
  }
  expect(screen.getByRole('heading', { name: 'Get the Best plans for more Power' })).toBeInTheDocument();
  const getStarted = screen.getAllByRole('link', { name: 'Get Started' });
  expect(getStarted).toHaveLength(2);
  for (const link of getStarted) expect(link).toHaveAttribute('href', '/dashboard/');
  expect(screen.getByRole('link', { name: 'Register Domain' })).toHaveAttribute('href', '/search');
  expect(screen.getByRole('link', { name: 'Transfer Domain' })).toHaveAttribute('href', '/transfer-domain');
  for (const title of ['Fully functional', 'Secure data', '24/7 live support']) {
    expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
  }
  const extensions = screen.getByRole('list', { name: 'Popular extensions' });
  expect(within(extensions).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['.com', '.ng', '.gov', '.edu', '.net', '.co', '.uk']);
  expect(within(extensions).queryByRole('link')).not.toBeInTheDocument();
  expect(container.querySelector('#domain')).toContainElement(screen.getByRole('textbox', { name: 'Domain name' }));
  expect(screen.getByRole('textbox', { name: 'Domain name' })).toHaveAttribute('placeholder', window.location.host);
  // The label's words find the box and nothing else (no region or other control answers to them too).
  expect(screen.getAllByLabelText(/domain name/i)).toEqual([screen.getByRole('textbox', { name: 'Domain name' })]);

  // The hero keeps its illustration, eager and high priority; the data sections say they could not load.
  const hero = screen.getByRole('img', { name: /secure address/ });
  expect(hero).toHaveAttribute('loading', 'eager');
  expect(hero).toHaveAttribute('fetchpriority', 'high');
  expect(await screen.findByText('The questions could not be loaded right now.')).toBeInTheDocument();
  expect(screen.getByText('The testimonials could not be loaded right now.')).toBeInTheDocument();
  expect(screen.getByText('The hosting packages could not be loaded right now.')).toBeInTheDocument();
  expect(screen.getByText('The services could not be loaded right now.')).toBeInTheDocument();
  const services = container.querySelector('#services') as HTMLElement;
  expect(within(services).getByRole('link', { name: 'Hire Us' })).toHaveAttribute('href', 'mailto:support@hosthub.example');
});

it('every image has alt text and fixed dimensions, and all but the hero load lazily', async () => {
  mockApi(content);
  const { container } = renderAt('/');
  await screen.findByText('Best host we ever had.');
  const images = [...container.querySelectorAll('img')];
  expect(images.length).toBeGreaterThan(10);
  for (const img of images) {
    expect(img.getAttribute('alt')).toBeTruthy();
    expect(img).toHaveAttribute('width');
    expect(img).toHaveAttribute('height');
  }
  const eager = images.filter((img) => img.getAttribute('loading') !== 'lazy');
  expect(eager.map((img) => img.getAttribute('src'))).toEqual(['http://api.test/static/s1.jpg']);
});

it('renders the API content: slides, packages, FAQ, testimonials and services', async () => {
  mockApi(content);
  const { container } = renderAt('/');
  expect(await screen.findByRole('img', { name: 'Fast servers' })).toHaveAttribute('fetchpriority', 'high');
  expect(screen.getByRole('button', { name: 'Go to slide 2' })).toBeInTheDocument();

  expect(await screen.findByRole('heading', { name: 'Shared Hosting' })).toBeInTheDocument();
  expect(screen.getByText('$4.99')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'View Shared Hosting plans' })).toHaveAttribute('href', '/services-list/2');
  expect(await screen.findByRole('link', { name: 'See Business pricing' })).toHaveAttribute('href', '/pricing?package=2');

  const quote = await screen.findByText('Best host we ever had.');
  const figure = quote.closest('figure') as HTMLElement;
  expect(within(figure).getByText('Ada Obi')).toBeInTheDocument();
  expect(within(figure).getByText('CEO, Shoply')).toBeInTheDocument();
  expect(within(figure).getByRole('img', { name: 'Photo of Ada Obi' })).toBeInTheDocument();

  const services = container.querySelector('#services') as HTMLElement;
  expect(await within(services).findByRole('heading', { name: 'Website design' })).toBeInTheDocument();
  await waitFor(() => expect(within(services).getByRole('link', { name: 'Hire Us' })).toHaveAttribute('href', 'mailto:hello@company.test'));
});

it('opens and closes FAQ answers from the keyboard', async () => {
  mockApi(content);
  const user = userEvent.setup();
  renderAt('/');
  const question = await screen.findByRole('button', { name: 'Can I move my site?' });
  expect(question).toHaveAttribute('aria-expanded', 'false');
  expect(screen.queryByText('Yes, with no downtime.')).not.toBeVisible();
  question.focus();
  await user.keyboard('{Enter}');
  expect(question).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByText('Yes, with no downtime.')).toBeVisible();
  await user.keyboard(' ');
  expect(question).toHaveAttribute('aria-expanded', 'false');
  expect(screen.getByRole('button', { name: 'Do you offer SSL?' })).toHaveAttribute('aria-expanded', 'false');
});

it('says so when a section has no data', async () => {
  mockApi({ ...content, '/manager/faqs': [], '/manager/testimonials': [], '/hosting/services': [] });
  renderAt('/');
  expect(await screen.findByText('No questions available now.')).toBeInTheDocument();
  expect(await screen.findByText('No testimonials available now.')).toBeInTheDocument();
  expect(await screen.findByText('No hosting packages available now.')).toBeInTheDocument();
});

describe('domain search', () => {
  it('Enter goes to /search with the query', async () => {
    apiDown();
    const user = userEvent.setup();
    const { router } = renderAt('/');
    await user.type(screen.getByRole('textbox', { name: 'Domain name' }), 'my shop.ng{Enter}');
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe('?query=my%20shop.ng');
  });

  it("the 'Search' button does the same, and empty input is not checked", async () => {
    apiDown();
    const user = userEvent.setup();
    const { router } = renderAt('/');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe('?query=');
  });

  it('typing a name and pressing Search carries it', async () => {
    apiDown();
    const user = userEvent.setup();
    const { router } = renderAt('/');
    await user.type(screen.getByRole('textbox', { name: 'Domain name' }), 'acme.com');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.location.search).toBe('?query=acme.com');
  });
});

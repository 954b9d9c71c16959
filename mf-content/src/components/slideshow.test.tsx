import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SLIDE_INTERVAL_MS } from 'shared/schemas';
import { Slideshow } from './slideshow';

const slides = [
  { image: 'http://api.test/static/a.jpg', alt: 'Alpha' },
  { image: 'http://api.test/static/b.jpg', alt: 'Bravo' },
  { image: 'http://api.test/static/c.jpg', alt: 'Charlie' },
];

/** The slide a sighted user sees: the only image not hidden from assistive technology. */
const shown = () => screen.getByRole('img').getAttribute('alt');
const tick = (ms: number) => act(() => jest.advanceTimersByTime(ms));

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  Reflect.deleteProperty(window, 'matchMedia');
});

it('advances every 3000 ms and wraps from the last slide to the first', () => {
  expect(SLIDE_INTERVAL_MS).toBe(3000);
  render(<Slideshow slides={slides} />);
  expect(shown()).toBe('Alpha');
  tick(2999);
  expect(shown()).toBe('Alpha');
  tick(1);
  expect(shown()).toBe('Bravo');
  tick(3000);
  expect(shown()).toBe('Charlie');
  tick(3000);
  expect(shown()).toBe('Alpha');
});

it('previous wraps from the first slide to the last; next goes forward', async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(<Slideshow slides={slides} />);
  await user.click(screen.getByRole('button', { name: 'Previous slide' }));
  expect(shown()).toBe('Charlie');
  await user.click(screen.getByRole('button', { name: 'Next slide' }));
  expect(shown()).toBe('Alpha');
  await user.click(screen.getByRole('button', { name: 'Next slide' }));
  expect(shown()).toBe('Bravo');
});

it('dots jump to their slide and mark the current one', async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(<Slideshow slides={slides} />);
  const dot3 = screen.getByRole('button', { name: 'Go to slide 3' });
  expect(dot3).not.toHaveAttribute('aria-current');
  await user.click(dot3);
  expect(shown()).toBe('Charlie');
  expect(dot3).toHaveAttribute('aria-current', 'true');
  expect(screen.getByRole('button', { name: 'Go to slide 1' })).not.toHaveAttribute('aria-current');
  // A slide chosen by hand gets its full time before the show moves on.
  tick(2999);
  expect(shown()).toBe('Charlie');
  tick(1);
  expect(shown()).toBe('Alpha');
});

it('pause stops the show and play resumes it', async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(<Slideshow slides={slides} />);
  await user.click(screen.getByRole('button', { name: 'Pause slideshow' }));
  tick(10000);
  expect(shown()).toBe('Alpha');
  await user.click(screen.getByRole('button', { name: 'Play slideshow' }));
  tick(3000);
  expect(shown()).toBe('Bravo');
});

it('starts paused for people who ask for reduced motion', () => {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({ matches: query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {} }),
  });
  render(<Slideshow slides={slides} />);
  expect(screen.getByRole('button', { name: 'Play slideshow' })).toBeInTheDocument();
  tick(9000);
  expect(shown()).toBe('Alpha');
});

it('loads the first slide eagerly with high priority and the rest lazily, all with fixed dimensions', () => {
  const { container } = render(<Slideshow slides={slides} />);
  const images = [...container.querySelectorAll('img')];
  expect(images).toHaveLength(3);
  expect(images[0]).toHaveAttribute('loading', 'eager');
  expect(images[0]).toHaveAttribute('fetchpriority', 'high');
  expect(images[1]).toHaveAttribute('loading', 'lazy');
  for (const img of images) {
    expect(img).toHaveAttribute('width');
    expect(img).toHaveAttribute('height');
  }
});

/** Which slides' pictures the browser may fetch: a lazy image that is not displayed is not fetched. */
const displayed = (container: HTMLElement) =>
  [...container.querySelectorAll('img')].map((img) => getComputedStyle(img).display !== 'none');

it('fetches a later slide only half an interval before it is due, or when it is chosen', async () => {
  const { container } = render(<Slideshow slides={slides} />);
  expect(displayed(container)).toEqual([true, false, false]);
  tick(SLIDE_INTERVAL_MS / 2 - 1);
  expect(displayed(container)).toEqual([true, false, false]);
  tick(1);
  expect(displayed(container)).toEqual([true, true, false]);
  tick(SLIDE_INTERVAL_MS / 2);
  expect(shown()).toBe('Bravo');
  // The slide that left stays displayed, so it fades out; the one after the new current is next in line.
  expect(displayed(container)).toEqual([true, true, false]);
  tick(SLIDE_INTERVAL_MS / 2);
  expect(displayed(container)).toEqual([true, true, true]);

  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const other = render(<Slideshow slides={[...slides, { image: 'http://api.test/static/d.jpg', alt: 'Delta' }]} />);
  const dot4 = within(other.container).getByRole('button', { name: 'Go to slide 4' });
  await user.click(dot4);
  expect(displayed(other.container)).toEqual([true, false, false, true]);
});

it('shows one slide without controls when there is only one', () => {
  render(<Slideshow slides={slides.slice(0, 1)} />);
  expect(shown()).toBe('Alpha');
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
});

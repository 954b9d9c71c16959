import styled from '@emotion/styled';
import { useEffect, useState } from 'react';
import { SLIDE_INTERVAL_MS } from 'shared/schemas';
import { theme } from 'shared/ui';

export interface SlideImage {
  image: string;
  alt: string;
}

/** Intrinsic size of the slide images (the API's banners are 1600 x 600); the frame keeps this ratio, so nothing shifts. */
export const SLIDE_WIDTH = 1600;
export const SLIDE_HEIGHT = 600;

const Frame = styled.div`
  position: relative; width: 100%; aspect-ratio: ${SLIDE_WIDTH} / ${SLIDE_HEIGHT}; border-radius: 20px;
  overflow: hidden; background: ${theme.color.primarySoft};
  img { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; transition: opacity .6s ease; }
  img[data-current='false'] { opacity: 0; visibility: hidden; }
  img[data-pending] { display: none; }
  @media (prefers-reduced-motion: reduce) { img { transition: none; } }
`;

const Controls = styled.div`
  display: flex; align-items: center; justify-content: center; gap: .25rem; margin-top: .5rem; flex-wrap: wrap;
  button { min-width: 44px; min-height: 44px; border: 0; background: transparent; cursor: pointer; border-radius: 22px;
    display: inline-flex; align-items: center; justify-content: center; color: ${theme.color.text}; font: inherit; }
  button:hover { background: ${theme.color.primarySoft}; }
  button.dot span { width: 12px; height: 12px; border-radius: 50%; border: 2px solid ${theme.color.primary}; display: block; }
  button.dot[aria-current='true'] span { background: ${theme.color.primary}; }
  svg { width: 22px; height: 22px; }
`;

/** The set with this slide in it (the same set when it is there already, so nothing renders again). */
const withSlide = (slide: number) => (fetched: ReadonlySet<number>) => (fetched.has(slide) ? fetched : new Set(fetched).add(slide));

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The hero slideshow (spec 'Home', section 9): the next slide every SLIDE_INTERVAL_MS, wrapping both ways, previous
 * and next arrows, dots that jump, and a pause control; people who ask for reduced motion get it paused.
 *
 * Only the first slide's picture is fetched with the page. Each later one waits, undisplayed (a lazy image that is not
 * displayed is not fetched), until half an interval before it is due, or until it is chosen: the other slides sit on
 * top of the first, inside the viewport, so `loading="lazy"` alone fetched them all at once, beside the page's largest
 * paint, and each SVG picture costs the main thread a document of its own (scripts/raster-images.mjs).
 */
export function Slideshow({ slides, intervalMs = SLIDE_INTERVAL_MS }: { slides: SlideImage[]; intervalMs?: number }) {
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());
  /** The slides whose pictures may be fetched: the first, every one shown so far, and the next one when it is near. */
  const [fetched, setFetched] = useState<ReadonlySet<number>>(() => new Set([0]));
  const current = count ? index % count : 0;
  const next = count ? (current + 1) % count : 0;

  // A fresh timer after every change, so a slide chosen by hand gets its full time too.
  useEffect(() => {
    if (!playing || count < 2) return undefined;
    const timer = window.setTimeout(() => {
      setIndex(next);
      setFetched(withSlide(next));
    }, intervalMs);
    return () => window.clearTimeout(timer);
  }, [playing, count, next, intervalMs]);

  // The next picture half an interval ahead, so it is there before it fades in (paused too: Next may be pressed).
  useEffect(() => {
    if (count < 2 || fetched.has(next)) return undefined;
    const timer = window.setTimeout(() => setFetched(withSlide(next)), intervalMs / 2);
    return () => window.clearTimeout(timer);
  }, [count, next, intervalMs, fetched]);

  if (!count) return null;
  const go = (to: number) => {
    const slide = ((to % count) + count) % count;
    setIndex(slide);
    setFetched(withSlide(slide));
  };

  return (
    <section aria-roledescription="carousel" aria-label="Highlights">
      <Frame aria-live={playing ? 'off' : 'polite'}>
        {slides.map((slide, i) => (
          <img
            key={`${slide.image}-${i}`}
            src={slide.image}
            alt={slide.alt || `Slide ${i + 1} of ${count}`}
            width={SLIDE_WIDTH}
            height={SLIDE_HEIGHT}
            loading={i === 0 ? 'eager' : 'lazy'}
            fetchPriority={i === 0 ? 'high' : 'auto'}
            decoding={i === 0 ? 'sync' : 'async'}
            data-current={i === current ? 'true' : 'false'}
            aria-hidden={i === current ? undefined : true}
            data-pending={fetched.has(i) || i === current ? undefined : ''}
          />
        ))}
      </Frame>
      {count > 1 ? (
        <Controls>
          <button type="button" aria-label="Previous slide" onClick={() => go(current - 1)}>
            <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M15 5l-7 7 7 7" stroke="currentColor" strokeWidth="2.5" fill="none" strokeLinecap="round" /></svg>
          </button>
          {slides.map((_, i) => (
            <button
              key={i}
              type="button"
              className="dot"
              aria-label={`Go to slide ${i + 1}`}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => go(i)}
            >
              <span aria-hidden="true" />
            </button>
          ))}
          <button type="button" aria-label="Next slide" onClick={() => go(current + 1)}>
            <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M9 5l7 7-7 7" stroke="currentColor" strokeWidth="2.5" fill="none" strokeLinecap="round" /></svg>
          </button>
          <button type="button" aria-label={playing ? 'Pause slideshow' : 'Play slideshow'} onClick={() => setPlaying((p) => !p)}>
            {playing ? (
              <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M8 5v14M16 5v14" stroke="currentColor" strokeWidth="3" strokeLinecap="round" /></svg>
            ) : (
              <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M7 4.5v15l13-7.5z" fill="currentColor" /></svg>
            )}
          </button>
        </Controls>
      ) : null}
    </section>
  );
}

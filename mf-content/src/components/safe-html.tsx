import styled from '@emotion/styled';
import { useMemo } from 'react';
import { theme } from 'shared/ui';
import { sanitizeHtml, useSanitizer } from './sanitize';

const Prose = styled.div`
  line-height: 1.7; overflow-wrap: anywhere;
  h2, h3, h4 { line-height: 1.3; margin: 1.75rem 0 .75rem; }
  p, ul, ol { margin: 0 0 1rem; }
  img { max-width: 100%; height: auto; border-radius: 8px; }
  a { color: ${theme.color.primary}; }
  table { border-collapse: collapse; display: block; overflow-x: auto; }
  td, th { border: 1px solid ${theme.color.border}; padding: .4rem .6rem; }
`;

/** Server HTML, sanitised, rendered as prose. */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  useSanitizer();
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <Prose className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}

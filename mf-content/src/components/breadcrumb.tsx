import styled from '@emotion/styled';
import { Link } from 'react-router-dom';
import { theme } from 'shared/ui';

const Nav = styled.nav`
  margin-bottom: 1rem;
  ol { list-style: none; display: flex; flex-wrap: wrap; gap: .5rem; padding: 0; margin: 0; color: ${theme.color.muted}; }
  li + li::before { content: '>'; margin-right: .5rem; }
  a { color: ${theme.color.primary}; }
`;

/** 'Home > Blog > …': links for every level but the current one. */
export function Breadcrumb({ items }: { items: { label: string; to?: string }[] }) {
  return (
    <Nav aria-label="Breadcrumb">
      <ol>
        {items.map((item, i) => (
          <li key={i} aria-current={item.to ? undefined : 'page'}>
            {item.to ? <Link to={item.to}>{item.label}</Link> : item.label}
          </li>
        ))}
      </ol>
    </Nav>
  );
}

import styled from '@emotion/styled';
import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { useFocusKept } from './focus-kept';
import { theme } from './theme';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';

const base = (variant: Variant) => `
  display: inline-flex; align-items: center; justify-content: center; gap: .5rem;
  min-height: 44px; padding: .6rem 1.1rem; border-radius: ${theme.radius};
  font: inherit; font-weight: 600; text-decoration: none; cursor: pointer; line-height: 1.2;
  border: 2px solid ${variant === 'secondary' || variant === 'ghost' ? theme.color.primary : 'transparent'};
  background: ${variant === 'primary' ? theme.color.primary : variant === 'danger' ? theme.color.error : 'transparent'};
  color: ${variant === 'primary' || variant === 'danger' ? '#fff' : theme.color.primary};
  ${variant === 'ghost' ? 'border-color: transparent;' : ''}
  &:hover:not(:disabled) { background: ${variant === 'primary' ? theme.color.primaryHover : variant === 'danger' ? '#8f1c13' : theme.color.primarySoft}; }
  &:focus-visible { outline: 3px solid ${theme.color.primary}; outline-offset: 2px; }
  &:disabled { opacity: .55; cursor: not-allowed; }
`;

const StyledButton = styled.button<{ variant: Variant }>`
  ${(p) => base(p.variant)}
`;
const StyledLink = styled(Link, { shouldForwardProp: (prop) => prop !== 'variant' })<{ variant: Variant }>`
  ${(p) => base(p.variant)}
`;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
}

export function Button({ variant = 'primary', type = 'button', onBlur, ...props }: ButtonProps) {
  const kept = useFocusKept(props.disabled, onBlur);
  return <StyledButton variant={variant} type={type} {...props} {...kept} />;
}

export function ButtonLink({ variant = 'primary', ...props }: LinkProps & { variant?: Variant }) {
  return <StyledLink variant={variant} {...props} />;
}

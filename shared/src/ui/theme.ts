// Design tokens. Colours meet WCAG AA contrast on white (text) and with white text (buttons).
export const theme = {
  color: {
    primary: '#3b2fc9',
    primaryHover: '#2c22a3',
    primarySoft: '#eeecfd',
    text: '#1c1d2b',
    muted: '#555869',
    border: '#d5d7e0',
    surface: '#ffffff',
    background: '#f6f7fb',
    success: '#157347',
    error: '#b42318',
    warning: '#8a5a00',
    warningBg: '#fff4d6',
    successBg: '#e7f6ee',
    errorBg: '#fdecea',
    dark: '#14142b',
  },
  radius: '10px',
  shadow: '0 1px 2px rgba(20,20,43,.06), 0 4px 16px rgba(20,20,43,.06)',
  font: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  // In em, not px: a media query's em is the reader's text size (16 px by default, where these are 640, 900 and 1,200
  // px), so with larger text the layout for narrower screens takes over before words run out of the window (WCAG 1.4.4,
  // 1.4.10): at 200 % text a 1,280 px window gets the layout of a 640 px one with 16 px text.
  breakpoint: { sm: '@media (min-width: 40em)', md: '@media (min-width: 56.25em)', lg: '@media (min-width: 75em)' },
  /** The screens below breakpoint md (phones and tablets), as a media query for matchMedia or `@media`. */
  narrowQuery: '(width < 56.25em)',
} as const;
export type Theme = typeof theme;

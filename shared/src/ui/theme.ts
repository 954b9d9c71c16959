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
  breakpoint: { sm: '@media (min-width: 640px)', md: '@media (min-width: 900px)', lg: '@media (min-width: 1200px)' },
} as const;
export type Theme = typeof theme;

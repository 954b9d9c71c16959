// The one module mf_auth exposes: its routes (CONTRACT.md 'Route ownership'), with absolute paths.
// Pages are imported statically: the shell already fetches this remote only when one of its routes is needed,
// and a second, lazy level would reveal a Suspense fallback on first load.
import type { RouteObject } from 'react-router-dom';
import { AuthLoginPage } from './pages/auth-login';
import { SignupPage } from './pages/signup';
import { SubmitCodePage } from './pages/submit-code';
import { ActivateAccountPage } from './pages/activate-account';
import { ForgotPasswordPage } from './pages/forgot-password';
import { ResetPasswordPage } from './pages/reset-password';
import { EmailVerifiedPage } from './pages/email-verified';
import { ResendCodePage } from './pages/resend-code';
import { AuthPrefixOrNotFound } from './pages/auth-prefix';
import { SecondFactorPage } from './pages/second-factor';
import { ConfirmEmailPage } from './pages/confirm-email';

export const routes: RouteObject[] = [
  { path: '/auth', element: <AuthLoginPage /> },
  { path: '/auth/signup', element: <SignupPage /> },
  { path: '/auth/submit-code', element: <SubmitCodePage /> },
  { path: '/auth/activate-account', element: <ActivateAccountPage /> },
  { path: '/auth/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/auth/reset-password/:uid/:token', element: <ResetPasswordPage /> },
  { path: '/auth/second-factor', element: <SecondFactorPage /> },
  { path: '/auth/confirm-email/:token', element: <ConfirmEmailPage /> },
  { path: '/emailverified', element: <EmailVerifiedPage /> },
  { path: '/resend-code', element: <ResendCodePage /> },
  // Spec: anything else under /auth is the login page.
  { path: '/auth/*', element: <AuthLoginPage /> },
  // ...and so is anything else that merely starts with '/auth' ('/authorize'), which the shell also sends here.
  { path: '/:first/*', element: <AuthPrefixOrNotFound /> },
];

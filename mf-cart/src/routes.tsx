// The one module mf_cart exposes: its routes (CONTRACT.md 'Route ownership'), with absolute paths.
// Pages are imported statically: the shell already fetches this remote only when one of its routes is needed,
// and a second, lazy level would reveal a Suspense fallback on first load.
import type { RouteObject } from 'react-router-dom';
import { CartPage } from './pages/cart';
import { ServicesListPage } from './pages/services-list';
import { PricingPage } from './pages/pricing';

export const routes: RouteObject[] = [
  { path: '/cart', element: <CartPage /> },
  { path: '/services-list/:id', element: <ServicesListPage /> },
  { path: '/pricing', element: <PricingPage /> },
];

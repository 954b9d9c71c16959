// The one module mf_domains exposes: its routes (CONTRACT.md 'Route ownership'), with absolute paths.
// Pages are imported statically: the shell already fetches this remote only when one of its routes is needed,
// and a second, lazy level would reveal a Suspense fallback on first load.
import type { RouteObject } from 'react-router-dom';
import { SearchPage } from './pages/search';
import { TransferDomainPage } from './pages/transfer-domain';
import { BuyDomainPage } from './pages/buy-domain';
import { BuyDomainCheckoutPage } from './pages/buy-domain-checkout';

export const routes: RouteObject[] = [
  { path: '/search', element: <SearchPage /> },
  { path: '/transfer-domain', element: <TransferDomainPage /> },
  { path: '/buy-domain', element: <BuyDomainPage /> },
  { path: '/buy-domain/checkout', element: <BuyDomainCheckoutPage /> },
];

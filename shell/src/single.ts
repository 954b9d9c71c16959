// The one-bundle baseline (`npm run build:single`): the same shell and pages, every remote's routes built in, no
// Module Federation. It is what the federated build is measured against, and a handy debugging mode.
import type { RouteObject } from 'react-router-dom';
import { routes as auth } from '../../mf-auth/src/routes';
import { routes as cart } from '../../mf-cart/src/routes';
import { routes as content } from '../../mf-content/src/routes';
import { routes as dashboard } from '../../mf-dashboard/src/routes';
import { routes as domains } from '../../mf-domains/src/routes';
import { routes as staff } from '../../mf-staff/src/routes';
import { start } from './bootstrap';

const builtIn: Record<string, RouteObject[]> = {
  mf_auth: auth,
  mf_domains: domains,
  mf_cart: cart,
  mf_dashboard: dashboard,
  mf_content: content,
  mf_staff: staff,
};

void start(() => ({
  load: async (name) => {
    const routes = builtIn[name];
    if (!routes) throw new Error(`${name} is not built into the one-bundle storefront.`);
    return routes;
  },
}));

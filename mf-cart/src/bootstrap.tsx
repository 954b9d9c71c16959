// Stand-alone mount, for working on mf_cart alone (`pnpm --filter mf-cart dev`). The shell never runs this file.
import { mountStandAlone } from 'shared/standalone';
import { routes } from './routes';

mountStandAlone(routes);

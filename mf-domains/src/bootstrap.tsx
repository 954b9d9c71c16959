// Stand-alone mount, for working on mf_domains alone (`pnpm --filter mf-domains dev`). The shell never runs this file.
import { mountStandAlone } from 'shared/standalone';
import { routes } from './routes';

mountStandAlone(routes);

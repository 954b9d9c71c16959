// Stand-alone mount, for working on mf_dashboard alone (`pnpm --filter mf-dashboard dev`). The shell never runs this file.
import { mountStandAlone } from 'shared/standalone';
import { routes } from './routes';

mountStandAlone(routes);

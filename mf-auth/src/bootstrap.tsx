// Stand-alone mount, for working on mf_auth alone (`pnpm --filter mf-auth dev`). The shell never runs this file.
import { mountStandAlone } from 'shared/standalone';
import { routes } from './routes';

mountStandAlone(routes);

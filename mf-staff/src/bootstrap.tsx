// Stand-alone mount, for working on mf_staff alone (`pnpm --filter mf-staff dev`). The shell never runs this file.
import { mountStandAlone } from 'shared/standalone';
import { routes } from './routes';

mountStandAlone(routes);

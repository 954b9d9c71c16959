// Stand-alone mount, for working on mf_content alone (`pnpm --filter mf-content dev`). The shell never runs this file.
import { mountStandAlone } from 'shared/standalone';
import { routes } from './routes';

mountStandAlone(routes);

// The API has its own tsconfig (Node, not DOM); check it when it exists.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
if (existsSync('api/tsconfig.json')) execSync('tsc -p api/tsconfig.json', { stdio: 'inherit' });

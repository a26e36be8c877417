// Imported first: n8n-core (the harness) keeps its user folder under .work and logs nothing.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { ROOT } from '../../e2e/lib/n8n';

process.env.N8N_USER_FOLDER ??= join(ROOT, '.work', 'bench-harness');
mkdirSync(process.env.N8N_USER_FOLDER, { recursive: true });

import '../../test/harness/env';

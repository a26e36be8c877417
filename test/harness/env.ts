// Jest setup: n8n writes nothing into the home folder and logs nothing during tests. Its user folder is one
// folder of the repository's git-ignored .work/, shared by every test file: a folder per test file in the
// system's temp folder would be left there after each run.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** n8n's user folder in tests (`N8N_USER_FOLDER`). */
const TEST_USER_FOLDER = join(__dirname, '..', '..', '.work', 'jest-n8n');

if (!process.env.N8N_USER_FOLDER) {
	mkdirSync(TEST_USER_FOLDER, { recursive: true });
	process.env.N8N_USER_FOLDER = TEST_USER_FOLDER;
}
process.env.N8N_LOG_LEVEL = 'silent';
process.env.N8N_DIAGNOSTICS_ENABLED = 'false';
process.env.N8N_RUNNERS_ENABLED = 'false';

// Jest setup: n8n writes nothing into the home folder and logs nothing during tests.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'wf-n8n-'));
process.env.N8N_LOG_LEVEL = 'silent';
process.env.N8N_DIAGNOSTICS_ENABLED = 'false';
process.env.N8N_RUNNERS_ENABLED = 'false';

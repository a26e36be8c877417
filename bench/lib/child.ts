// Runs one measurement task of bench/worker.ts in a fresh Node process and returns what it printed (JSON).
import { spawn } from 'node:child_process';
import { join } from 'node:path';

export function inChild<T>(task: string, args: Record<string, unknown>): Promise<T> {
	const worker = join(__dirname, '..', 'worker.js');
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, ['--expose-gc', worker, task, JSON.stringify(args)], {
			stdio: ['ignore', 'pipe', 'inherit'],
		});
		let out = '';
		child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
		child.once('error', reject);
		child.once('exit', (code) => {
			const last = out.trim().split('\n').pop() ?? '';
			if (code !== 0) return reject(new Error(`bench worker ${task} exited with ${code}:\n${out}`));
			try {
				resolve(JSON.parse(last) as T);
			} catch {
				reject(new Error(`bench worker ${task} printed no JSON:\n${out}`));
			}
		});
	});
}

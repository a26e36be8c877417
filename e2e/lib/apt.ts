// Debian packages the end-to-end tests need (Chromium for the browser test; PostgreSQL and Redis for queue mode),
// installed with apt-get when missing: as root, otherwise an error saying what to install.
import { spawnSync } from 'node:child_process';

/** Installs `packages` with apt-get (once: the caller checks first); `purpose` names what needs them. */
export function aptInstall(packages: string[], purpose: string): void {
	const command = `apt-get install -y ${packages.join(' ')}`;
	if (process.getuid?.() !== 0) throw new Error(`${purpose} needs ${packages.join(' and ')}: run \`${command}\` as root`);
	process.stderr.write(`${purpose}: installing ${packages.join(' and ')} with apt-get (once)\n`);
	for (const args of [['update', '-qq'], ['install', '-y', '-qq', ...packages]]) {
		const result = spawnSync('apt-get', args, { encoding: 'utf8', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
		if (result.status !== 0) {
			const why = result.error ? String(result.error) : result.stderr || result.stdout;
			throw new Error(`apt-get ${args.join(' ')} failed:\n${why}`);
		}
	}
}

// `npm run sandbox`: starts the sandbox with demo data on 127.0.0.1 and prints its base URL.
import { SANDBOX_CREDENTIALS, startSandbox } from './server';

async function main() {
	const port = Number(process.env.SANDBOX_PORT ?? 8787);
	const records = Number(process.env.SANDBOX_RECORDS ?? 5000);
	const sandbox = await startSandbox({ port, inventoryRecords: records, seed: 1 });
	const c = SANDBOX_CREDENTIALS;
	process.stdout.write(
		[
			`Sandbox provider listening. Base URL: ${sandbox.baseUrl}`,
			`Control API: ${sandbox.controlUrl}`,
			`Credential for n8n: User Key ${c.userKey}, Password ${c.password}, Customer No ${c.customerNo}, Access Token ${c.token}`,
			`Inventory records: ${records}. Press Ctrl+C to stop.`,
			'',
		].join('\n'),
	);
	const stop = () => void sandbox.close().then(() => process.exit(0));
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
}

void main();

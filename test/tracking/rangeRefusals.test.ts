// A refused range end (Get Packages, Get Delivery Estimates) is named with what it was given, before anything is sent.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';

const fx = useSandbox({ inventoryRecords: 48 });

const DATE_RULE = 'must be a date: pick one, or give ISO 8601 (2026-03-01) or MM/DD/YYYY';

/** Get Packages with its range ends from the input item, as a sheet row (or an agent's arguments) brings them. */
const getPackages = (ends: IDataObject) =>
	fx.run(
		actionWorkflow(
			{
				resource: 'tracking',
				operation: 'getPackages',
				filters: {
					shipDateFrom: '={{ $json.shipFrom }}',
					shipDateTo: '={{ $json.shipTo }}',
					lastActivityFrom: '={{ $json.activityFrom }}',
					lastActivityTo: '={{ $json.activityTo }}',
				},
				limit: 1,
			} as INodeParameters,
			{ items: [ends], typeVersion: 2 },
		),
	);

describe('Tracking → Get Packages: the refusal names the end and the value', () => {
	it.each([
		['Ship Date From', { shipFrom: 'last week', shipTo: '2026-01-05' }, `Invalid "Ship Date From": ${DATE_RULE} (got "last week")`],
		['Ship Date To', { shipFrom: '2026-01-01', shipTo: 'tomorrow' }, `Invalid "Ship Date To": ${DATE_RULE} (got "tomorrow")`],
		['Last Activity From', { activityFrom: '13/01/2026', activityTo: '2026-01-05' }, `Invalid "Last Activity From": ${DATE_RULE} (got "13/01/2026")`],
		['Last Activity To', { activityFrom: '2026-01-01', activityTo: '0026-01-05' }, 'Invalid "Last Activity To": must be a date in the years 1900 to 2100 (got "0026-01-05")'],
	])('an unreadable %s', async (_end, ends, message) => {
		const result = await getPackages(ends);
		expect(result.error?.message).toBe(message);
		expect(await fx.control.requests()).toHaveLength(0);
	});

	it('a missing end is named, without "(got an object)"', async () => {
		const result = await getPackages({ activityFrom: '2026-01-01' });
		expect(result.error?.message).toBe('Invalid "Last Activity To": is required: a range needs both a From and a To date');
		expect(await fx.control.requests()).toHaveLength(0);
	});

	it('a To before the From is refused at the To, showing it', async () => {
		const result = await getPackages({ shipFrom: '2026-01-05T08:00:00', shipTo: '2026-01-04' });
		expect(result.error?.message).toBe('Invalid "Ship Date To": must not be before the From date (got "2026-01-04")');
		expect(await fx.control.requests()).toHaveLength(0);
	});
});

describe('Tracking → Get Delivery Estimates: a From after the To', () => {
	it('is refused naming Ship Date To and its value, not the pair as "an object"', async () => {
		const result = await fx.run(
			actionWorkflow({
				resource: 'tracking',
				operation: 'getDeliveryEstimates',
				clientReferenceCode: 'est-1',
				addressLine1: '1200 Main Street',
				city: 'Napa',
				state: 'CA',
				zipCode: '94558',
				shipDateFrom: '={{ "2026-01-09" }}',
				shipDateTo: '={{ "01/06/2026" }}',
			}),
		);
		expect(result.error?.message).toBe('Invalid "Ship Date To": must not be before Ship Date From (got "01/06/2026")');
		expect(await fx.control.requests()).toHaveLength(0);
	});
});

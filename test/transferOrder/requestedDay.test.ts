// Transfer Order → Create's RequestedDate is a "date" (the interface's create table): the node sends the calendar day
// picked, as the workflow's time zone shows it, in MM/DD/YYYY (the interface's one stated form of a date string).
// The update's RequestedDate stays an ISO 8601 date-time in UTC (the interface says so for the update): a day is sent as
// that day at midnight UTC, so that its UTC day is the day given; a time of day as the UTC instant.
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { request } from 'undici';

import { actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { SANDBOX_CREDENTIALS } from '../sandbox/server';
import { transferOrders } from '../sandbox/inventoryMovement/transferOrders';
import { transferHeader } from './parameters';

const fx = useSandbox({ inventoryRecords: 48 });

const item = () => fx.sandbox.state.inventory[0].ItemNo;

const create = (requestedDate: string, timezone: string, items?: IDataObject[]) =>
	actionWorkflow(
		{
			resource: 'transferOrder',
			operation: 'create',
			...transferHeader('TR-DAY'),
			requestedDate,
			items: { item: [{ itemNo: item(), itemQuantity: 1 }] },
		} as INodeParameters,
		{ timezone, items },
	);

const sentDate = async () => {
	const sent = await fx.control.requests('CreateTransferOrder');
	expect(sent).toHaveLength(1);
	return (sent[0].body.TransferInfo as IDataObject).RequestedDate;
};

describe('Transfer Order → Create: the requested day', () => {
	it.each([
		// Berlin's midnight is the day before in UTC: an instant in UTC would send 2026-03-09T23:00:00Z
		['Europe/Berlin', '2026-03-10T00:00:00'],
		// 17:30 in Los Angeles is the next day in UTC: an instant in UTC would send 2026-03-11T01:30:00Z
		['America/Los_Angeles', '2026-03-10T17:30:00'],
		['Pacific/Kiritimati', '2026-03-10T00:00:00'],
		['UTC', '2026-03-10T23:59:59'],
	])('in %s, %s picked is sent as 03/10/2026 and kept as that day', async (timezone, picked) => {
		const result = await fx.run(create(picked, timezone));
		expect(result.error).toBeUndefined();
		expect(await sentDate()).toBe('03/10/2026');
		expect(transferOrders(fx.sandbox.state).get('TR-DAY')?.requestedDay).toBe('2026-03-10');
	});

	it('a date-time with its own offset keeps the day it names there', async () => {
		const result = await fx.run(create('2026-03-10T23:30:00-08:00', 'Europe/Berlin'));
		expect(result.error).toBeUndefined();
		expect(await sentDate()).toBe('03/10/2026');
	});

	it('a day from an expression (a sheet cell as text, a DateTime) is sent as MM/DD/YYYY', async () => {
		const fromText = await fx.run(create('={{ $json.day }}', 'Europe/Berlin', [{ day: '03/10/2026' }]));
		expect(fromText.error).toBeUndefined();
		expect(await sentDate()).toBe('03/10/2026');
		await fx.control.call('DELETE', 'requests');
		transferOrders(fx.sandbox.state).clear();
		const fromLuxon = await fx.run(create("={{ DateTime.fromISO('2026-03-10', { zone: 'Europe/Berlin' }) }}", 'Europe/Berlin'));
		expect(fromLuxon.error).toBeUndefined();
		expect(await sentDate()).toBe('03/10/2026');
	});

	it('the update still sends an ISO 8601 date-time in UTC', async () => {
		expect((await fx.run(create('2026-03-10T00:00:00', 'Europe/Berlin'))).error).toBeUndefined();
		const result = await fx.run(
			actionWorkflow(
				{ resource: 'transferOrder', operation: 'update', customerReferenceNo: 'TR-DAY', updateFields: { requestedDate: '2026-03-12T09:00:00' } },
				{ timezone: 'Europe/Berlin' },
			),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('UpdateTransferOrder');
		expect((sent.body.TransferInfo as IDataObject).RequestedDate).toBe('2026-03-12T08:00:00Z');
		expect(transferOrders(fx.sandbox.state).get('TR-DAY')?.requestedDay).toBe('2026-03-12');
	});
});

describe('Transfer Order → Update: a day keeps its day (an ISO 8601 date-time at midnight UTC)', () => {
	const update = (requestedDate: string, timezone: string, items?: IDataObject[]) =>
		actionWorkflow(
			{ resource: 'transferOrder', operation: 'update', customerReferenceNo: 'TR-DAY', updateFields: { requestedDate } },
			{ timezone, items },
		);

	it.each([
		// local midnight in UTC would be 2026-03-11T23:00:00Z, 2026-03-11T10:00:00Z, 2026-03-11T13:00:00Z: the day before
		['Europe/Berlin', 'a sheet day in ISO 8601', '={{ $json.day }}', [{ day: '2026-03-12' }]],
		['Europe/Berlin', 'a sheet day in MM/DD/YYYY', '={{ $json.day }}', [{ day: '03/12/2026' }]],
		['Pacific/Kiritimati', 'a sheet day in ISO 8601', '={{ $json.day }}', [{ day: '2026-03-12' }]],
		['Australia/Sydney', 'a picked day', '2026-03-12T00:00:00', undefined],
		['Europe/Berlin', "an expression's DateTime at midnight ($today's form)", "={{ DateTime.fromISO('2026-03-12', { zone: 'Europe/Berlin' }) }}", undefined],
		['Europe/Berlin', 'midnight with its own offset', '2026-03-12T00:00:00+01:00', undefined],
		// west of UTC the instant already had the day; the form is the same
		['America/Los_Angeles', 'a picked day', '2026-03-12T00:00:00', undefined],
	])('in %s, %s is sent as 2026-03-12T00:00:00Z and the transfer kept on 12 March', async (timezone, _form, requestedDate, items) => {
		expect((await fx.run(create('2026-03-10T00:00:00', timezone))).error).toBeUndefined();
		const result = await fx.run(update(requestedDate, timezone, items));
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('UpdateTransferOrder');
		expect((sent.body.TransferInfo as IDataObject).RequestedDate).toBe('2026-03-12T00:00:00Z');
		expect(transferOrders(fx.sandbox.state).get('TR-DAY')?.requestedDay).toBe('2026-03-12');
	});

	it('a time of day, however late, is still sent as that moment in UTC', async () => {
		expect((await fx.run(create('2026-03-10T00:00:00', 'America/Los_Angeles'))).error).toBeUndefined();
		const result = await fx.run(update('2026-03-12T18:00:00', 'America/Los_Angeles'));
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('UpdateTransferOrder');
		expect((sent.body.TransferInfo as IDataObject).RequestedDate).toBe('2026-03-13T01:00:00Z');
	});
});

describe('sandbox: Transfer Order create takes RequestedDate as MM/DD/YYYY, as the interface states a date string', () => {
	const auth = { UserKey: SANDBOX_CREDENTIALS.userKey, Password: SANDBOX_CREDENTIALS.password, CustomerNo: SANDBOX_CREDENTIALS.customerNo };
	const post = async (RequestedDate: string) => {
		const res = await request(`${fx.sandbox.baseUrl}/api/InventoryMovement/CreateTransferOrder`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', authorization: `ServiceAuth ${SANDBOX_CREDENTIALS.token}` },
			body: JSON.stringify({
				Authentication: auth,
				TransferInfo: {
					CustomerReferenceNo: 'TR-RAW',
					RequestedDate,
					TransferFromWarehouse: 'APC01',
					InventoryStatusCode: 'GOOD-NO-TX',
					TransferToWarehouse: 'SJU01',
					FirstName: 'Ana',
					LastName: 'Reyes',
					PhoneNumber: '707-555-0101',
					EmailAddress: 'ana.reyes@example.com',
				},
				ItemsInfo: [{ ItemNo: item(), ItemQuantity: 1 }],
			}),
		});
		return { status: res.statusCode, json: (await res.body.json()) as IDataObject };
	};

	it.each(['2026-03-10T00:00:00Z', '2026-03-10', '3/10/2026', '02/30/2026'])('refuses %s with a 400 naming the form', async (date) => {
		const answer = await post(date);
		expect(answer).toEqual({ status: 400, json: expect.objectContaining({ Message: 'RequestedDate must be a date in the form MM/DD/YYYY' }) });
		expect(transferOrders(fx.sandbox.state).has('TR-RAW')).toBe(false);
	});

	it('keeps the day of 03/10/2026', async () => {
		expect((await post('03/10/2026')).status).toBe(201);
		expect(transferOrders(fx.sandbox.state).get('TR-RAW')).toMatchObject({ requestedDay: '2026-03-10', info: { RequestedDate: '03/10/2026' } });
	});
});

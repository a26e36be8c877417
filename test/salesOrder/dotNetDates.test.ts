// Dates as a .NET provider writes them, through Simplify: a date never set is 0001-01-01T00:00:00 (DateTime.MinValue),
// which Simplify shows as null, as it shows a member the provider left out (a year-0 date in New York before); a day is
// written 2026-01-09T00:00:00, which a day member shows as that day in the workflow's zone (the evening before in
// America before).
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { returns, salesOrders } from '../sandbox/stores';
import { SKU_A, line, salesOrder } from './helpers';

const fx = useSandbox();

const getReturns = (timezone: string) =>
	fx.run(
		actionWorkflow(
			{ resource: 'salesOrder', operation: 'getReturns', returnAll: true, filters: { startTime: '2026-01-10T00:00:00', endTime: '2026-01-10T00:00:00' } } as INodeParameters,
			{ timezone, typeVersion: 2 },
		),
	);

describe('Simplify: the .NET default date is no date', () => {
	it.each([
		['0001-01-01T00:00:00'],
		['0001-01-01T00:00:00Z'],
		['01/01/0001 00:00:00'],
		['9999-12-31T23:59:59.9999999'],
	])('Get Returns: a return not yet closed, CloseDate %s, shows closeDate null and its received date', async (closeDate) => {
		returns(fx.sandbox.state).push({
			RMANumber: 'RMA-NET-1',
			OrderNo: 'SO-NET-1',
			ReceivedDate: '2026-01-10T15:00:00Z',
			CloseDate: closeDate,
			ReturnStatus: 'Received',
			ReturnWarehouse: 'APC01',
			ReturnSalesOrderLines: [],
		});
		const result = await getReturns('America/New_York');
		expect(result.error).toBeUndefined();
		const [item] = result.output(ACTION_NODE);
		expect(item.json).toMatchObject({ rmaNumber: 'RMA-NET-1', receivedDate: '2026-01-10T10:00:00-05:00', closeDate: null });
	});

	it('Get Returns: a close date of 1900 or 2100 is still a date', async () => {
		returns(fx.sandbox.state).push(
			{ RMANumber: 'RMA-1900', ReceivedDate: '2026-01-10T15:00:00Z', CloseDate: '1900-01-01T12:00:00' },
			{ RMANumber: 'RMA-2100', ReceivedDate: '2026-01-10T16:00:00Z', CloseDate: '12/31/2100' },
		);
		const result = await getReturns('UTC');
		expect(result.output(ACTION_NODE).map((i) => [i.json.rmaNumber, i.json.closeDate])).toEqual([
			['RMA-1900', '1900-01-01T12:00:00Z'],
			['RMA-2100', '2100-12-31T00:00:00Z'],
		]);
	});
});

describe('Simplify: Get Orders On Hold keeps the ship day a .NET provider writes as a date-time', () => {
	it.each([['America/New_York', '2026-01-09T00:00:00-05:00'], ['Pacific/Kiritimati', '2026-01-09T00:00:00+14:00'], ['UTC', '2026-01-09T00:00:00Z']])(
		'in %s ShipmentDate "2026-01-09T00:00:00" is shown as %s, as "01/09/2026" is',
		async (timezone, day) => {
			const create = await fx.run(
				actionWorkflow(
					salesOrder('create', {
						orderNo: 'HOLD-NET',
						orderType: 'RETAIL',
						itemsInput: 'json',
						itemsJson: JSON.stringify([line(SKU_A, 1)]),
						holdOrder: true,
						shipmentInfo: { requestedShipmentDate: '2026-01-09' },
					}),
				),
			);
			expect(create.error).toBeUndefined();
			const onHold = async (simplify = true) =>
				(await fx.run(actionWorkflow({ resource: 'salesOrder', operation: 'getOrdersOnHold', returnAll: true, simplify } as INodeParameters, { timezone }))).output(ACTION_NODE);
			const [asDay] = await onHold();
			expect([asDay.json.orderNumber, asDay.json.shipmentDate]).toEqual(['HOLD-NET', day]);
			// the provider writes the day as .NET does
			const order = salesOrders(fx.sandbox.state).find((o) => o.OrderNo === 'HOLD-NET');
			((order?.request as IDataObject).ShipmentInfo as IDataObject).RequestedShipmentDate = '2026-01-09T00:00:00';
			const [raw] = await onHold(false);
			expect(raw.json.ShipmentDate).toBe('2026-01-09T00:00:00');
			const [asDateTime] = await onHold();
			expect(asDateTime.json.shipmentDate).toBe(day);
		},
	);
});

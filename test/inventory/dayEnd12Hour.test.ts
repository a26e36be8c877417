// A range end given as a day in the 12-hour form a US sheet or .NET's DateTime.ToString() writes a date with
// ("3/2/2026 12:00:00 AM") must mean through that day, as the same value in the 24-hour form ("3/2/2026 0:00:00",
// "03/02/2026 00:00:00") does: read as the moment 00:00 it leaves out the whole day the user asked for (bug hunt 16:
// so read once the 12-hour form was read at all; refused before).
import { actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';

const fx = useSandbox({ inventoryRecords: 5 });

const returnsEnd = async (endTime: string) => {
	const result = await fx.run(
		actionWorkflow(
			{ resource: 'salesOrder', operation: 'getReturns', filters: { startTime: '2026-03-01T00:00:00', endTime }, returnAll: true },
			{ typeVersion: 2, timezone: 'America/New_York' },
		),
	);
	expect(result.error?.message).toBeUndefined();
	const sent = await fx.control.requests('GetReturns');
	return sent[sent.length - 1].body.EndTime;
};

const transactionsEnd = async (endDateTime: string) => {
	const result = await fx.run(
		actionWorkflow(
			{ resource: 'inventory', operation: 'getTransactions', dateFilter: 'range', startDateTime: '2026-03-01T00:00:00', endDateTime, returnAll: true },
			{ typeVersion: 2, timezone: 'America/New_York' },
		),
	);
	expect(result.error?.message).toBeUndefined();
	const sent = await fx.control.requests('GetTransactions');
	return sent[sent.length - 1].body.TransactionEndDateTime;
};

describe('a day in the 12-hour form as a range end', () => {
	it('Get Returns End Time: "3/2/2026 12:00:00 AM" is sent as "3/2/2026 0:00:00" is (through that day)', async () => {
		const day24 = await returnsEnd('3/2/2026 0:00:00');
		expect(day24).toBe('2026-03-03T04:59:59.999Z');
		expect(await returnsEnd('3/2/2026 12:00:00 AM')).toBe(day24);
	});

	it('Get Transactions End Date-Time: "3/2/2026 12:00:00 AM" is sent as "03/02/2026 00:00:00" is', async () => {
		const day24 = await transactionsEnd('03/02/2026 00:00:00');
		expect(day24).toBe('2026-03-03T04:59:59.999Z');
		expect(await transactionsEnd('3/2/2026 12:00:00 AM')).toBe(day24);
	});

	it('Get Packages Ship Date To: "3/2/2026 12:00 AM" is sent as "3/2/2026" is', async () => {
		const send = async (shipDateTo: string) => {
			const result = await fx.run(
				actionWorkflow(
					{ resource: 'tracking', operation: 'getPackages', filters: { shipDateFrom: '2026-03-01', shipDateTo }, returnAll: true },
					{ typeVersion: 2, timezone: 'America/New_York' },
				),
			);
			expect(result.error?.message).toBeUndefined();
			const sent = await fx.control.requests('GetPackages');
			return sent[sent.length - 1].body.ShipDateRange;
		};
		const day = await send('3/2/2026');
		expect(day).toBe('03/01/2026 05:00:00 - 03/03/2026 04:59:59');
		expect(await send('3/2/2026 12:00 AM')).toBe(day);
	});
});

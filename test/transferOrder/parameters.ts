// The Transfer Order → Create header the tests share: a transfer from APC01 to SJU01 requested by Ana Reyes.
export const transferHeader = (customerReferenceNo: string) => ({
	customerReferenceNo,
	requestedDate: '2026-02-20T09:30:00Z',
	transferFromWarehouse: 'APC01',
	transferToWarehouse: 'SJU01',
	inventoryStatusCode313: 'GOOD-NO-TX',
	firstName: 'Ana',
	lastName: 'Reyes',
	phoneNumber: '707-555-0101',
	emailAddress: 'ana.reyes@example.com',
});

// The Purchase Order → Create header the tests share: a drop-off at COB01 requested for 14 February 2026.
export const purchaseHeader = (customerReferenceNo: string) => ({
	customerReferenceNo,
	transportMethod: 'Drop-Off',
	requestedDate: '2026-02-14T00:00:00',
	receiveToLocation: 'COB01',
	inventoryStatusCode: 'GOOD-ST-TX',
});

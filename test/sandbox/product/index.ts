// Sandbox Product endpoints: CreateSKU, UpdateSKU, RetireSku over the shared SKU catalogue (stores.ts skus).
import {
	badRequest,
	created,
	fail,
	ok,
	oneOf,
	optString,
	reqString,
	transactionReference,
	type JsonObject,
	type RequestContext,
	type SandboxResource,
} from '../frame';
import { skus } from '../stores';

const CATEGORIES = ['Wine', 'MarketingMaterial', 'Merchandise', 'TastingFee', 'IcePack'] as const;
const MANAGEMENT_TYPES = ['ServiceManagedStorage', 'ClientManagedStorage', 'VirtualItems'] as const;
// as a .NET EmailAddressAttribute: one @ with something on each side, letters of any script (an umlaut domain is an address)
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;

/** A required object member, named in the 400 as the provider would. */
function reqObject(body: JsonObject, key: string): JsonObject {
	const v = body[key];
	if (!v || typeof v !== 'object' || Array.isArray(v)) return badRequest(`${key} is required`);
	return v;
}

/** RequestorInfo: FirstName, LastName and a valid EmailAddress required (the interface, "SKU update"). */
function checkRequestor(body: JsonObject): void {
	const requestor = reqObject(body, 'RequestorInfo');
	reqString(requestor, 'FirstName');
	reqString(requestor, 'LastName');
	const email = reqString(requestor, 'EmailAddress');
	if (!EMAIL.test(email)) badRequest('RequestorInfo.EmailAddress must be a valid e-mail address');
	optString(requestor, 'PhoneNumber');
}

function optNumber(info: JsonObject, key: string): void {
	const v = info[key];
	if (v !== undefined && v !== null && (typeof v !== 'number' || !Number.isFinite(v))) badRequest(`${key} must be a number`);
}

function createSku({ body, state }: RequestContext) {
	checkRequestor(body);
	const info = reqObject(body, 'SKUInfo');
	const itemNo = reqString(info, 'ItemNo').trim();
	const category = oneOf(reqString(info, 'ItemCategory'), CATEGORIES, 'ItemCategory');
	oneOf(optString(info, 'InventoryManagementType'), MANAGEMENT_TYPES, 'InventoryManagementType');
	if (category === 'Wine' && !optString(info, 'Varietal')?.trim()) badRequest('Varietal is required for wine items');
	for (const key of ['ItemDescription', 'Vintage', 'Appellation', 'Value', 'UPCCode', 'UOM', 'Classification', 'Comments']) {
		optString(info, key);
	}
	optNumber(info, 'AlcoholByVolume');
	optNumber(info, 'NumBottleInEachCase');
	const catalogue = skus(state);
	if (catalogue.has(itemNo)) badRequest(`Item ${itemNo} already exists`);
	catalogue.set(itemNo, {
		ItemNo: itemNo,
		ItemDescription: optString(info, 'ItemDescription') ?? itemNo,
		active: true,
		info: { ...info },
	});
	return created(transactionReference(state));
}

function updateSku({ body, state }: RequestContext) {
	checkRequestor(body);
	const info = reqObject(body, 'SKUInfo');
	const itemNo = reqString(info, 'ItemNo').trim();
	const sku = skus(state).get(itemNo) ?? fail(404, `Item ${itemNo} was not found`);
	const description = optString(info, 'ItemDescription');
	const value = optString(info, 'Value');
	if (description !== undefined) sku.ItemDescription = description;
	if (value !== undefined) sku.info = { ...sku.info, Value: value };
	return ok();
}

function retireSku({ body, state }: RequestContext) {
	const itemNo = reqString(body, 'ItemNo').trim();
	const sku = skus(state).get(itemNo) ?? fail(404, `Item ${itemNo} was not found`);
	if (!sku.active) badRequest(`Item ${itemNo} is already retired`);
	sku.active = false;
	return ok({ TransactionReferenceNumber: transactionReference(state) });
}

export const product: SandboxResource = {
	routes: [
		{ method: 'POST', path: '/api/SKU/CreateSKU', auth: 'Authentication', handler: createSku },
		{ method: 'POST', path: '/api/SKU/UpdateSKU', auth: 'Authentication', handler: updateSku },
		{ method: 'POST', path: '/api/SKU/RetireSku', auth: 'Authentication', handler: retireSku },
	],
};

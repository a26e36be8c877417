// One convention for parameter names: every parameter is named in camelCase, and this is the one place that maps a
// parameter name to the provider's wire name (FirstName, ShippingCarrier, PONo ...). Readers that pass a
// collection's members or an item row to the wire use toWire; panels name their members with parameterName.
import type { IDataObject } from 'n8n-workflow';
import lowerFirst from 'lodash/lowerFirst';
import upperFirst from 'lodash/upperFirst';

/** Wire names whose parameter name is not the wire name with a lower-case first letter. */
const IRREGULAR: Record<string, string> = {
	PONo: 'poNo',
	UOM: 'uom',
	UPCCode: 'upcCode',
};

const WIRE_OF: Record<string, string> = Object.fromEntries(Object.entries(IRREGULAR).map(([wire, name]) => [name, wire]));

/** The parameter name of a wire member: FirstName → firstName, PONo → poNo. */
export function parameterName(wire: string): string {
	return IRREGULAR[wire] ?? lowerFirst(wire);
}

/** The wire name of a parameter: firstName → FirstName, poNo → PONo. */
export function wireName(parameter: string): string {
	return WIRE_OF[parameter] ?? upperFirst(parameter);
}

/** A collection's (or an item row's) values under their wire names; the values themselves are left as they are. */
export function toWire(values: IDataObject): IDataObject {
	return Object.fromEntries(Object.entries(values).map(([name, value]) => [wireName(name), value]));
}

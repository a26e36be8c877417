// Sales Order → Generate JIT Label: asks for the document as PDF or PNG and puts it out as n8n binary data.
import camelCase from 'lodash/camelCase';
import kebabCase from 'lodash/kebabCase';
import omit from 'lodash/omit';
import type { IBinaryKeyData, IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { ENDPOINTS } from '../../wire/endpoints';
import { JIT_FORMATS, JIT_LABEL_TYPES, JIT_MIME_TYPES, jitLabelRequest } from '../../wire/salesOrder';
import { safeFileName, type DocumentType, type WireDocument } from '../../transport/document';
import type { ApiResponse } from '../../transport/request';
import { apiRequest } from '../../transport/request';
import { additionalJsonProperty, validateBody, withAdditionalJson } from '../common';
import { readSettings } from '../versions';
import { ORDER_LABELS } from './fields';
import { checkLocator, locateProperties, locatorMembers, locatorOutput, readLocator } from './locate';
import { withOptions, type Send } from '../operation';
import { checkParameter, nodeParameter } from '../parameters';
import { textValue } from '../../wire/values';

const properties: INodeProperties[] = [
	...locateProperties,
	{
		displayName: 'Document',
		name: 'labelType',
		type: 'options',
		default: 'Label',
		options: [
			{ name: 'Label', value: 'Label', description: 'The just-in-time shipping label alone' },
			{ name: 'Packing Slip With Label', value: 'PackingSlipWithLabel', description: 'A packing slip with the label' },
		],
		description: 'What to generate',
	},
	{
		displayName: 'Format',
		name: 'format',
		type: 'options',
		default: 'PDF',
		options: [
			{ name: 'PDF', value: 'PDF' },
			{ name: 'PNG', value: 'PNG' },
		],
		description: 'File format of the document',
	},
	{
		displayName: 'Put Output File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		hint: 'The name of the output binary field to put the file in',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'File Name',
				name: 'fileName',
				type: 'string',
				default: '',
				placeholder: 'e.g. label-10001.pdf',
				description: "Name of the output file; by default the provider's, else one built from the document and order",
			},
		],
	},
	additionalJsonProperty(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['salesOrder'], operation: ['generateJitLabel'] } },
	withOptions(properties),
);

/** The output binary field when Put Output File in Field is blank (or absent). */
const DEFAULT_FIELD = 'data';

/** Text for a built file name: Unicode letters, marks and digits, ".", "_" and "-" kept; every other run one "_". */
function safeName(text: string): string {
	return text.replace(/[^\p{L}\p{M}\p{N}._-]+/gu, '_');
}

/** A binary property for a document beside the label, from its member ("PackingSlip" → packingSlip), never one taken. */
function propertyFor(member: string, taken: Set<string>): string {
	const base = camelCase(member) || 'document';
	let name = base;
	for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
	taken.add(name);
	return name;
}

export function prepare(this: IExecuteFunctions, itemIndex: number): Send {
	const locator = readLocator(this, itemIndex);
	const labelType = nodeParameter(this, 'labelType', itemIndex, 'Label') as (typeof JIT_LABEL_TYPES)[number];
	const format = nodeParameter(this, 'format', itemIndex, 'PDF') as (typeof JIT_FORMATS)[number];
	const binaryPropertyName = String(nodeParameter(this, 'binaryPropertyName', itemIndex, DEFAULT_FIELD)).trim() || DEFAULT_FIELD;
	const options = readSettings(this, 'options', itemIndex, ['fileName']);
	const givenName = checkParameter(this, options.fileName, itemIndex, 'File Name', textValue, '');
	const request = withAdditionalJson(this, { ...locatorMembers(locator, 'OrderNo'), LabelType: labelType, Format: format }, itemIndex);
	checkLocator(this, locator, request, itemIndex);
	const body = validateBody(
		this,
		jitLabelRequest,
		request,
		{ ...ORDER_LABELS, LabelType: 'Document', Format: 'Format' },
		itemIndex,
	);

	const mimeType = JIT_MIME_TYPES[body.Format] as DocumentType;
	return async () => {
		// the transport asks for this type (Accept) and refuses any answer that is not such a document
		const response = (await apiRequest.call(this, ENDPOINTS.generateJitLabel, body as IDataObject, {
			itemIndex,
			document: mimeType,
		})) as ApiResponse<WireDocument>;
		const document = response.body;
		const order = safeName(locator.value);
		// bounded (255 bytes) as any other name
		const built = (stem: string, type: DocumentType) =>
			safeFileName(`${stem}-${order}.${type === 'image/png' ? 'png' : 'pdf'}`, type) as string;
		// the user's name made safe as the transport made the provider's (safeFileName); with neither, the built one
		const fileName =
			safeFileName(givenName, mimeType) ??
			document.fileName ??
			built(body.LabelType === 'Label' ? 'label' : 'packing-slip-label', mimeType);
		// every other document of the answer (a packing slip beside the label...) in a binary property of its own
		const taken = new Set([binaryPropertyName]);
		const files = [
			{ property: binaryPropertyName, member: document.member, data: document.data, mimeType, fileName },
			...(document.others ?? []).map((other) => ({
				property: propertyFor(other.member, taken),
				member: other.member,
				data: other.data,
				mimeType: other.mimeType,
				fileName: built(kebabCase(other.member) || 'document', other.mimeType),
			})),
		];
		const binary: IBinaryKeyData = {};
		for (const file of files) binary[file.property] = await this.helpers.prepareBinaryData(file.data, file.fileName, file.mimeType);
		const own: IDataObject = { ...locatorOutput(locator), LabelType: body.LabelType, Format: body.Format };
		const described: IDataObject = {
			FileName: fileName,
			MimeType: mimeType,
			FileSize: document.data.length,
			// which binary property holds which document, when there are several
			...(files.length > 1
				? {
						Documents: files.map((file) => ({
							Member: file.member,
							BinaryProperty: file.property,
							FileName: file.fileName,
							MimeType: file.mimeType,
							FileSize: file.data.length,
						})),
					}
				: {}),
		};
		return [
			{
				// the node's own fields win over the provider's members of the same name
				json: { ...own, ...omit(document.meta, [...Object.keys(own), ...Object.keys(described)]), ...described },
				binary,
				pairedItem: { item: itemIndex },
			},
		];
	};
}

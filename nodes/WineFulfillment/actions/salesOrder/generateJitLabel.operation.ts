import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, jsonParse } from 'n8n-workflow';

import { ENDPOINTS } from '../../wire/endpoints';
import { JIT_FORMATS, JIT_LABEL_TYPES, JIT_MIME_TYPES, jitLabelRequest } from '../../wire/salesOrder';
import type { ApiResponse } from '../../transport/request';
import { apiRequest } from '../../transport/request';
import { additionalJsonProperty, validateBody, withAdditionalJson, showOnlyFor } from '../common';
import { ORDER_LABELS } from './fields';
import { locateProperties, locatorMembers, locatorOutput, readLocator } from './locate';

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
		placeholder: 'Add option',
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

export const description = showOnlyFor(
	{ show: { resource: ['salesOrder'], operation: ['generateJitLabel'] } },
	properties,
);

interface LabelDocument {
	data: Buffer;
	fileName?: string;
	mimeType?: string;
	/** the members of a JSON answer besides the document */
	meta: IDataObject;
}

/** Members a JSON answer may carry the base64 document in, most likely first. */
const DOCUMENT_KEYS = ['document', 'label', 'labeldata', 'labelimage', 'filecontent', 'filedata', 'content', 'data', 'base64', 'file'];

/** The MIME type the bytes announce: %PDF or the PNG signature. */
function sniff(data: Buffer): string | undefined {
	if (data.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
	if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
	return undefined;
}

const rank = (key: string) => {
	const at = DOCUMENT_KEYS.indexOf(key.toLowerCase());
	return at === -1 ? DOCUMENT_KEYS.length : at;
};

function decodeBase64(text: string): Buffer | undefined {
	const payload = text.replace(/^data:[^;,]+;base64,/i, '').replace(/\s+/g, '');
	if (!payload || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(payload)) return undefined;
	return Buffer.from(payload, 'base64');
}

function fromJson(answer: unknown): LabelDocument | undefined {
	if (typeof answer === 'string') {
		const data = decodeBase64(answer);
		return data ? { data, meta: {} } : undefined;
	}
	if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return undefined;
	const body = answer as IDataObject;
	const candidates = Object.keys(body)
		.filter((key) => typeof body[key] === 'string')
		.sort((a, b) => rank(a) - rank(b))
		.map((key) => ({ key, data: decodeBase64(body[key] as string) }));
	// A member whose bytes are a PDF or PNG; else a long base64 text under a document-like name.
	const found =
		candidates.find((c) => c.data && sniff(c.data)) ??
		candidates.find((c) => c.data && c.data.length >= 48 && DOCUMENT_KEYS.includes(c.key.toLowerCase()));
	if (!found?.data) return undefined;
	const meta = { ...body };
	delete meta[found.key];
	const fileName = meta.FileName ?? meta.fileName;
	const mimeType = meta.ContentType ?? meta.MimeType ?? meta.mimeType;
	return {
		data: found.data,
		fileName: typeof fileName === 'string' ? fileName : undefined,
		mimeType: typeof mimeType === 'string' ? mimeType : undefined,
		meta,
	};
}

const header = (response: ApiResponse, name: string) => {
	const value = response.headers[name];
	return (Array.isArray(value) ? value[0] : value) ?? '';
};

/** The document of the answer: raw bytes (application/pdf, image/png) or JSON carrying it in base64. */
function documentOf(ctx: IExecuteFunctions, response: ApiResponse<Buffer>, itemIndex: number): LabelDocument {
	const type = header(response, 'content-type').toLowerCase();
	const bytes = response.body;
	const looksJson = type.includes('json') || (!sniff(bytes) && /^\s*[{["]/.test(bytes.subarray(0, 16).toString('utf8')));
	if (!looksJson) {
		const disposition = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header(response, 'content-disposition'));
		return {
			data: bytes,
			fileName: disposition ? decodeURIComponent(disposition[1]) : undefined,
			mimeType: type && !type.startsWith('application/octet-stream') ? type.split(';')[0].trim() : undefined,
			meta: {},
		};
	}
	const parsed = jsonParse<unknown>(bytes.toString('utf8'), { fallbackValue: undefined });
	const document = fromJson(parsed);
	if (!document) {
		throw new NodeOperationError(ctx.getNode(), 'The provider answered without a label document', {
			itemIndex,
			description:
				'The answer was JSON but carried no base64 document. The label may not be available for this order yet.',
		});
	}
	return document;
}

function safeName(text: string): string {
	return text.replace(/[^A-Za-z0-9._-]+/g, '_');
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const locator = readLocator(this, itemIndex);
	const labelType = this.getNodeParameter('labelType', itemIndex, 'Label') as (typeof JIT_LABEL_TYPES)[number];
	const format = this.getNodeParameter('format', itemIndex, 'PDF') as (typeof JIT_FORMATS)[number];
	const binaryPropertyName = String(this.getNodeParameter('binaryPropertyName', itemIndex, 'data')).trim() || 'data';
	const options = this.getNodeParameter('options', itemIndex, {}) as { fileName?: string };
	const body = validateBody(
		this,
		jitLabelRequest,
		withAdditionalJson(this, { ...locatorMembers(locator, 'OrderNo'), LabelType: labelType, Format: format }, itemIndex),
		{ ...ORDER_LABELS, LabelType: 'Document', Format: 'Format' },
		itemIndex,
	);

	const response = (await apiRequest.call(this, ENDPOINTS.generateJitLabel, body as IDataObject, {
		itemIndex,
		responseType: 'buffer',
	})) as ApiResponse<Buffer>;
	const document = documentOf(this, response, itemIndex);
	const mimeType = sniff(document.data) ?? document.mimeType ?? JIT_MIME_TYPES[body.Format];
	const extension = mimeType === 'image/png' ? 'png' : mimeType === 'application/pdf' ? 'pdf' : body.Format.toLowerCase();
	const stem = body.LabelType === 'Label' ? 'label' : 'packing-slip-label';
	const fileName =
		options.fileName?.trim() || document.fileName || `${stem}-${safeName(locator.value)}.${extension}`;
	const binary = await this.helpers.prepareBinaryData(document.data, fileName, mimeType);
	return [
		{
			json: {
				...locatorOutput(locator),
				LabelType: body.LabelType,
				Format: body.Format,
				...document.meta,
				FileName: fileName,
				MimeType: mimeType,
				FileSize: document.data.length,
			},
			binary: { [binaryPropertyName]: binary },
			pairedItem: { item: itemIndex },
		},
	];
}

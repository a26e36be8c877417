// A document answer is read once, in the form the document needs: a raw PDF or PNG body is never decoded as text nor
// tried as JSON, and a JSON body holding the document in base64 is decoded and parsed once (a 30 MB label otherwise
// costs several copies of itself in memory).
import { useSandbox } from '../harness/sandbox';
import { minimalPdf } from '../sandbox/salesOrder/label';
import { PROBE_NODE, probe } from './helpers';

const fx = useSandbox();

/** A 2 MB PDF: bytes of every value (as a compressed PDF has) between its header and %%EOF. */
function bigPdf(): Buffer {
	const filler = Buffer.alloc(2 * 1024 * 1024);
	for (let i = 0; i < filler.length; i++) filler[i] = (i * 2654435761) >>> 24;
	const pdf = minimalPdf(['BIG LABEL']);
	return Buffer.concat([pdf.subarray(0, 9), filler, pdf.subarray(9)]);
}

const PDF = bigPdf();

/** Decodings of a text or buffer at least as long as the document, and JSON.parse calls on such text, while `run` runs. */
async function watched(run: () => Promise<void>) {
	// half: the binary body decoded as UTF-8 is shorter in characters than in bytes
	const big = (length: number) => length >= PDF.length / 2;
	const toString = jest.spyOn(Buffer.prototype, 'toString');
	const decode = jest.spyOn(TextDecoder.prototype, 'decode');
	const parse = jest.spyOn(JSON, 'parse');
	try {
		await run();
		return {
			// base64 is how n8n keeps binary data in memory (prepareBinaryData); any other decoding of the whole body is text
			asText: toString.mock.contexts.filter((b, i) => big(b.length) && toString.mock.calls[i][0] !== 'base64').length +
				decode.mock.calls.filter(([input]) => big((input as ArrayBufferView | undefined)?.byteLength ?? 0)).length,
			parsed: parse.mock.calls.filter(([text]) => big(String(text).length)).length,
		};
	} finally {
		toString.mockRestore();
		decode.mockRestore();
		parse.mockRestore();
	}
}

async function generate(body: Buffer, type: string) {
	fx.sandbox.faults.add({ kind: 'status', status: 200, path: 'GenerateJitLabel', count: 1, body, headers: { 'content-type': type } });
	const result = await fx.run(probe({ endpoint: 'generateJitLabel', body: { OrderNo: 'JIT-BIG' }, document: 'application/pdf' }));
	expect(result.error).toBeUndefined();
	expect(result.output(PROBE_NODE)[0].json).toMatchObject({ mimeType: 'application/pdf', size: PDF.length });
}

describe('a document answer is read once', () => {
	it('a raw PDF body is neither decoded as text nor parsed as JSON', async () => {
		const seen = await watched(() => generate(PDF, 'application/pdf'));
		expect(seen).toEqual({ asText: 0, parsed: 0 });
	});

	it('a JSON body is decoded once and parsed once', async () => {
		const body = Buffer.from(JSON.stringify({ LabelData: PDF.toString('base64'), FileName: 'big.pdf' }), 'utf8');
		const seen = await watched(() => generate(body, 'application/json'));
		expect(seen).toEqual({ asText: 1, parsed: 1 });
	});
});

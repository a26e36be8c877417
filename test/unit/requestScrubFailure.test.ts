// apiRequest when masking the secrets in its error fails: what it throws then holds nothing of what masking failed on.
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { apiRequest } from '../../nodes/WineFulfillment/transport/request';
import { Secrets } from '../../nodes/WineFulfillment/transport/secrets';
import { ENDPOINTS } from '../../nodes/WineFulfillment/wire/endpoints';
import { expectNoSecrets } from '../transport/helpers';
import { UNIT_NODE, fakeContext } from './fakeContext';

const SECRETS = ['unit-user-key', 'unit-password'];

/** A 400 whose answer quotes the password, as a provider echoing the request does. */
const refusing = () => fakeContext(() => ({ statusCode: 400, body: { Message: 'Password unit-password is not valid' } }));

async function failure(itemIndex?: number): Promise<unknown> {
	try {
		await apiRequest.call(refusing().ctx, ENDPOINTS.getStatus, { Top: 1 }, { itemIndex });
	} catch (error) {
		return error;
	}
	throw new Error('no error');
}

afterEach(() => jest.restoreAllMocks());

describe('apiRequest: masking its error fails', () => {
	it('throws a plain error saying the answer was not passed on, with none of the failure\'s text', async () => {
		// as V8 refuses a pattern: the message quotes the pattern, and so the secrets
		jest.spyOn(Secrets.prototype, 'error').mockImplementation(() => {
			throw new SyntaxError('Invalid regular expression: /unit-password|unit-user-key/: Regular expression too large');
		});
		const error = (await failure(3)) as NodeOperationError;
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe("The provider's answer could not be checked for credentials, so it was not passed on");
		expect(error.node).toBe(UNIT_NODE);
		expect(error.context.itemIndex).toBe(3);
		expectNoSecrets(error, SECRETS);
		const shown = [error.message, error.description, error.stack, (error.cause as Error | undefined)?.message, JSON.stringify(error)];
		expect(shown.join('\n')).not.toMatch(/regular expression|unit-/i);
	});

	it('without an item: no item index', async () => {
		jest.spyOn(Secrets.prototype, 'error').mockImplementation(() => {
			throw new SyntaxError('Invalid regular expression: /unit-password/: Stack overflow');
		});
		const error = (await failure()) as NodeOperationError;
		expect(error.message).toBe("The provider's answer could not be checked for credentials, so it was not passed on");
		expect(error.context.itemIndex).toBeUndefined();
	});

	it('masking that works: the provider\'s refusal, masked, as before', async () => {
		const error = (await failure(1)) as NodeApiError;
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toContain('The provider rejected the request as invalid');
		expectNoSecrets(error, SECRETS);
		expect(JSON.stringify({ description: error.description })).toContain('***');
	});
});

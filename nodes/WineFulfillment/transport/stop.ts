// The execution's stop (the editor's Stop, the workflow's Timeout, a process shutting down): what the node's waits and sends heed.
import type { INode } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

/**
 * The signal n8n aborts when it cancels the execution; none where n8n gives none (polls, webhooks, the editor's
 * lookups). n8n aborts every request of its helpers with it, so a request not yet on its way is never sent.
 */
export function stopSignal(ctx: object): AbortSignal | undefined {
	const context = ctx as { getExecutionCancelSignal?: () => AbortSignal | undefined };
	return typeof context.getExecutionCancelSignal === 'function' ? context.getExecutionCancelSignal() : undefined;
}

/**
 * Waits `ms`, ending early when the execution is stopped (n8n 2.x's sleep takes the signal; on 1.x the wait runs out
 * and the caller's check of the signal stops what follows).
 */
export async function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
	try {
		await sleep(ms, signal);
	} catch {
		// stopped: the caller looks at the signal
	}
}

/**
 * The error for a stopped execution's work that changed nothing at the provider (a request never sent, or a read): an
 * order's record gives it back, to be sent by the next run. "canceled" in the message is how n8n tells a stopped run.
 * `when`: "before the request to … was sent".
 */
export function stoppedError(node: INode, when: string, itemIndex?: number): NodeOperationError {
	return new NodeOperationError(node, `The execution was canceled ${when}`, {
		itemIndex,
		description: 'Nothing was changed at the provider by it. Run the workflow again to do it.',
	});
}

// The node's clock in trigger tests: Date.now() follows the sandbox's simulated clock, optionally skewed.
import type { SandboxFixture } from '../harness/sandbox';

/**
 * Makes Date.now() (what the node reads as its own clock) return the sandbox's simulated now plus
 * `skewMs`, for the rest of the test file; `set` changes the skew. The provider's clock is set
 * separately (sandbox control `provider-clock`).
 */
export function nodeClockFollowsSandbox(fx: SandboxFixture) {
	let skewMs = 0;
	let spy: jest.SpiedFunction<typeof Date.now> | undefined;
	beforeEach(() => {
		skewMs = 0;
		spy = jest.spyOn(Date, 'now').mockImplementation(() => fx.sandbox.state.now() + skewMs);
	});
	afterEach(() => spy?.mockRestore());
	return {
		set(skew: number) {
			skewMs = skew;
		},
	};
}

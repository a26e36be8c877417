// Wire paths in the panel's words: "ItemsInfo[0].ItemNo" is "Items line 1 → Item Number". Used for the node's own
// validation messages and for the provider's refusals, which quote wire paths.

/**
 * The field a wire path stands for, as the editor shows it: `labels` maps wire paths (and '' for the whole
 * body) to display names; an element of a list is "<list> line N → <member>".
 */
export function fieldOf(path: ReadonlyArray<string | number>, labels: Record<string, string>): string {
	const keys = path.filter((p): p is string => typeof p === 'string');
	const joined = keys.join('.');
	const lineAt = path.findIndex((p) => typeof p === 'number');
	if (lineAt === -1) return labels[joined] ?? labels[keys[0]] ?? (joined || 'request');
	const listKey = path.slice(0, lineAt).join('.');
	const list = labels[listKey] ?? (listKey || 'Items');
	const rest = path.slice(lineAt + 1).filter((p): p is string => typeof p === 'string').join('.');
	const member = (labels[joined] ?? rest).replace(`${list} → `, '');
	return `${list} line ${(path[lineAt] as number) + 1}${rest ? ` → ${member}` : ''}`;
}

/** A wire path as providers quote it: "ItemsInfo[0]", "ShipmentInfo.ShippingCarrier", optionally ": Member" after it. */
const QUOTED_PATH = /\b([A-Z][A-Za-z0-9]*)((?:\[\d+\]|\.[A-Z][A-Za-z0-9]*)*)(?::\s+([A-Z][A-Za-z0-9]*)\b)?/g;

function segments(head: string, tail: string): Array<string | number> {
	const path: Array<string | number> = [head];
	for (const [, index, key] of tail.matchAll(/\[(\d+)\]|\.([A-Za-z0-9]+)/g)) path.push(index !== undefined ? Number(index) : key);
	return path;
}

const keyOf = (path: ReadonlyArray<string | number>) => path.filter((p) => typeof p === 'string').join('.');

/**
 * A provider's refusal with the wire paths it quotes in the panel's words: "ItemsInfo[0]: ItemNo is required" reads
 * "Items line 1 → Item Number is required". Only paths the operation's `labels` know are rewritten; the rest of the
 * text stays the provider's.
 */
export function inPanelWords(text: string, labels: Record<string, string>): string {
	return text.replace(QUOTED_PATH, (whole: string, head: string, tail: string, member: string | undefined) => {
		const path = segments(head, tail);
		const listed = path.some((p) => typeof p === 'number');
		const known = (p: ReadonlyArray<string | number>) => keyOf(p) in labels;
		// a capitalised word of the sentence is not a path unless the labels know it (or it indexes a list they know)
		if (!known(path) && !(listed && known(path.slice(0, path.findIndex((p) => typeof p === 'number'))))) return whole;
		const withMember = member !== undefined ? [...path, member] : undefined;
		if (withMember && known(withMember)) return fieldOf(withMember, labels);
		return `${fieldOf(path, labels)}${member !== undefined ? `: ${member}` : ''}`;
	});
}

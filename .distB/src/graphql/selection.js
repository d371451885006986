const cache = new WeakMap();
/**
 * Whether the operation selects scan history anywhere (`events` on a shipment or piece). Carrier B is asked for
 * detailed scans only then ("false: latest status only; true: full `scanEvents`"). Answered once per operation.
 */
export function operationSelectsEvents(info) {
    const known = cache.get(info.operation);
    if (known !== undefined)
        return known;
    const answer = selects(info.operation.selectionSet, info.fragments, new Set());
    cache.set(info.operation, answer);
    return answer;
}
function selects(set, fragments, seen) {
    if (!set)
        return false;
    for (const selection of set.selections) {
        if (selection.kind === 'Field') {
            if (selection.name.value === 'events')
                return true;
            if (selects(selection.selectionSet, fragments, seen))
                return true;
        }
        else if (selection.kind === 'InlineFragment') {
            if (selects(selection.selectionSet, fragments, seen))
                return true;
        }
        else if (!seen.has(selection.name.value)) {
            seen.add(selection.name.value);
            if (selects(fragments[selection.name.value]?.selectionSet, fragments, seen))
                return true;
        }
    }
    return false;
}

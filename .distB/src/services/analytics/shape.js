import { insertIdOf, PERSONAL_PROPERTY_NAMES } from '../../domain/analytics.js';
/** The bridge's property rules (seed 002 B): at most 40 properties per event, strings cut at 512 characters. */
export const MAX_BRIDGE_PROPERTIES = 40;
export const MAX_BRIDGE_STRING_CHARACTERS = 512;
/** The record's own members: a property of ours with one of these names is dropped, never allowed to override. */
const RESERVED = new Set(['$insert_id', 'time', 'distinct_id', 'token', 'event']);
/**
 * Words that mark product and rating data (seed 000: "the legal terms of the express interface forbid sharing product
 * and rating data with competitors"; README "Express data stays ours"). A property, or a member of a nested value,
 * whose name holds one of them is dropped from every event, whatever the carrier: the export cannot tell an express
 * charge from another one once it is a number, so none leaves (docs/assumptions.md AB15).
 */
export const RATING_DATA_WORDS = new Set([
    'charge', 'charges', 'surcharge', 'surcharges', 'rate', 'rates', 'rating', 'price', 'prices', 'pricing', 'amount',
    'amounts', 'cost', 'costs', 'billc', 'tax', 'taxes', 'duty', 'duties', 'discount', 'discounts', 'currency', 'quote',
    'quotes', 'product', 'products', 'landed', 'tariff', 'fee', 'fees',
]);
const PERSONAL = new Set(PERSONAL_PROPERTY_NAMES);
/**
 * An event in the bridge's shape, shaped by us so that what is sent is what is stored (docs/assumptions.md AB5, AB6,
 * AB14-AB17): `event` = the kind; `$insert_id`, `time` (seconds, fractional: milliseconds kept) and `distinct_id` first;
 * then our properties in the writer's order (most useful first) up to 40 in all; strings and compact JSON of nested
 * values cut at 512 characters (code points); no rating or product data; personal data only as the policy allows;
 * absent (undefined) and masked members left out.
 */
export const shapeEvent = (event, policy) => {
    const allowed = new Set(policy.personalDataAllowList);
    const properties = {
        $insert_id: insertIdOf(event.identity),
        time: event.occurredAt.getTime() / 1000,
        distinct_id: cut(event.distinctId),
    };
    let count = 3;
    for (const [name, value] of Object.entries(event.properties)) {
        if (count >= MAX_BRIDGE_PROPERTIES)
            break;
        if (RESERVED.has(name) || !allowedName(name, null, allowed))
            continue;
        const shaped = shapeValue(value, name, allowed);
        if (shaped === undefined)
            continue;
        properties[name] = shaped;
        count += 1;
    }
    return { event: event.kind, properties };
};
function shapeValue(value, name, allowed) {
    if (value === undefined)
        return undefined;
    // A personal member that is null is a masked one: absent, never sent empty (DESIGN.md).
    if (value === null)
        return PERSONAL.has(snake(name)) ? undefined : null;
    if (typeof value === 'string')
        return cut(value);
    if (typeof value === 'number')
        return Number.isFinite(value) ? value : null;
    if (typeof value === 'boolean')
        return value;
    if (typeof value === 'bigint')
        return cut(value.toString());
    if (value instanceof Date)
        return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
    if (typeof value !== 'object')
        return undefined;
    // The seed keeps nested values "as compact JSON strings"; we write them so, cleaned at every depth first.
    return cut(JSON.stringify(clean(value, name, allowed)));
}
/** A nested value without rating data, disallowed personal data or absent members, at any depth. */
function clean(value, parent, allowed) {
    if (Array.isArray(value))
        return value.map((item) => clean(item, parent, allowed));
    if (value instanceof Date)
        return value.toISOString();
    if (typeof value !== 'object' || value === null)
        return value;
    const kept = {};
    for (const [key, member] of Object.entries(value)) {
        if (member === undefined || !allowedName(key, parent, allowed))
            continue;
        if (member === null && (PERSONAL.has(snake(key)) || PERSONAL.has(`${snake(parent)}_${snake(key)}`)))
            continue;
        kept[key] = clean(member, key, allowed);
    }
    return kept;
}
/**
 * Whether a name may leave: not rating data, and not personal data outside the allow-list. A nested member is also
 * judged by its parent's name joined to its own (`recipient` + `postalCode` = `recipient_postal_code`).
 */
function allowedName(name, parent, allowed) {
    const own = snake(name);
    if (own.split('_').some((word) => RATING_DATA_WORDS.has(word)))
        return false;
    const candidates = parent === null ? [own] : [own, `${snake(parent)}_${own}`];
    return candidates.every((candidate) => !PERSONAL.has(candidate) || allowed.has(candidate));
}
/** `recipientPostalCode`, `Recipient-Postal-Code`, `$recipient_postal_code` -> `recipient_postal_code`. */
function snake(name) {
    return name
        .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '_')
        .replace(/^_+|_+$/g, '');
}
/** The bridge cuts strings "at 512 characters"; we cut first (by code point) so what is sent is what is stored. */
function cut(text) {
    if (text.length <= MAX_BRIDGE_STRING_CHARACTERS)
        return text;
    const characters = Array.from(text);
    return characters.length <= MAX_BRIDGE_STRING_CHARACTERS ? text : characters.slice(0, MAX_BRIDGE_STRING_CHARACTERS).join('');
}

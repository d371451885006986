import { randomUUID } from 'node:crypto';
import { isRecord } from '../core/http.js';
/** The seed's property rules (002 B "Property rules applied by the service"; docs/assumptions.md AB5, AB6). */
export const MAX_PROPERTIES = 40;
export const MAX_STRING_CHARACTERS = 512;
const INSERT_ID = /^[A-Za-z0-9-]{1,36}$/;
const PROFILE_OPERATIONS = ['$set', '$set_once', '$add', '$union', '$append', '$remove', '$unset'];
const GROUP_OPERATIONS = ['$set', '$set_once', '$union', '$remove', '$unset', '$delete'];
/**
 * An event record of `/track` or `/import` (assumption AB4, the other vendor's shape): `event` is the name;
 * `properties.token` the credential (never stored); `properties.distinct_id`, `properties.time` (seconds since the
 * epoch, fractional allowed; a value of 1e11 or more is read as milliseconds) and `properties.$insert_id` (1-36
 * letters, digits and `-`) the event's fields. `/import` requires all three; `/track` fills a missing time with the
 * time received, a missing distinct id with `""`, and a missing `$insert_id` with a fresh id (never deduplicated).
 */
export function readEventRecord(record, route, now, ip) {
    if (!isRecord(record))
        return unreadable(null, '(record)', 'a record must be a JSON object');
    const properties = isRecord(record['properties']) ? record['properties'] : null;
    const credential = typeof properties?.['token'] === 'string' ? properties['token'] : null;
    if (typeof record['event'] !== 'string' || record['event'].trim() === '')
        return unreadable(credential, 'event', 'event must be a non-empty string');
    if (!properties)
        return unreadable(credential, 'properties', 'properties must be an object');
    const rawTime = properties['time'];
    let time;
    if (rawTime === undefined && route === 'track')
        time = now;
    else if (typeof rawTime === 'number' && Number.isFinite(rawTime) && rawTime >= 0)
        time = new Date(Math.round(rawTime >= 1e11 ? rawTime : rawTime * 1000));
    else
        return unreadable(credential, 'properties.time', 'time must be a number of seconds since the epoch');
    const rawDistinct = properties['distinct_id'];
    let distinctId;
    if (rawDistinct === undefined && route === 'track')
        distinctId = '';
    else if (typeof rawDistinct === 'string' || (typeof rawDistinct === 'number' && Number.isFinite(rawDistinct)))
        distinctId = String(rawDistinct);
    else
        return unreadable(credential, 'properties.distinct_id', 'distinct_id must be a string');
    const rawInsertId = properties['$insert_id'];
    let insertId;
    if (rawInsertId === undefined && route === 'track')
        insertId = randomUUID();
    else if (typeof rawInsertId === 'string' && INSERT_ID.test(rawInsertId))
        insertId = rawInsertId;
    else
        return unreadable(credential, 'properties.$insert_id', '$insert_id must be 1-36 letters, digits and -');
    const kept = applyPropertyRules(properties, ['token'], ['time', 'distinct_id', '$insert_id']);
    const event = { insertId, event: record['event'], distinctId, time, properties: kept, route, receivedAt: now, ip };
    return { ok: true, value: event, credential };
}
/** A `/engage` record: `$token`, `$distinct_id` and exactly one profile operation (AB4). */
export function readProfileRecord(record, now) {
    if (!isRecord(record))
        return unreadable(null, '(record)', 'a record must be a JSON object');
    const credential = typeof record['$token'] === 'string' ? record['$token'] : null;
    const distinctId = record['$distinct_id'];
    if (typeof distinctId !== 'string' && typeof distinctId !== 'number')
        return unreadable(credential, '$distinct_id', '$distinct_id must be a string');
    const operations = PROFILE_OPERATIONS.filter((op) => op in record);
    if (operations.length !== 1)
        return unreadable(credential, '(operation)', `exactly one of ${PROFILE_OPERATIONS.join(', ')} is expected`);
    const operation = operations[0];
    const value = shapeOperationValue(record[operation]);
    return { ok: true, credential, value: { route: 'engage', operation, distinctId: String(distinctId), groupKey: null, groupId: null, value, receivedAt: now } };
}
/** A `/groups` record: `$token`, `$group_key`, `$group_id` and exactly one group operation (AB4). */
export function readGroupRecord(record, now) {
    if (!isRecord(record))
        return unreadable(null, '(record)', 'a record must be a JSON object');
    const credential = typeof record['$token'] === 'string' ? record['$token'] : null;
    if (typeof record['$group_key'] !== 'string' || record['$group_key'] === '')
        return unreadable(credential, '$group_key', '$group_key must be a non-empty string');
    const groupId = record['$group_id'];
    if (typeof groupId !== 'string' && typeof groupId !== 'number')
        return unreadable(credential, '$group_id', '$group_id must be a string');
    const operations = GROUP_OPERATIONS.filter((op) => op in record);
    if (operations.length !== 1)
        return unreadable(credential, '(operation)', `exactly one of ${GROUP_OPERATIONS.join(', ')} is expected`);
    const operation = operations[0];
    const value = shapeOperationValue(record[operation]);
    return { ok: true, credential, value: { route: 'groups', operation, distinctId: null, groupKey: record['$group_key'], groupId: String(groupId), value, receivedAt: now } };
}
/**
 * The seed's property rules, as stored: "arrays and nested objects kept as compact JSON strings, not discarded",
 * "string values cut at 512 characters" (characters = Unicode code points, AB6), "at most 40" properties kept: the
 * first 40 members of `properties` as received, reserved names included (AB5), credentials (`token`) not counted.
 */
export function applyPropertyRules(properties, ignored, reserved) {
    const kept = {};
    let counted = 0;
    for (const [name, value] of Object.entries(properties)) {
        if (ignored.includes(name))
            continue;
        counted += 1;
        if (counted > MAX_PROPERTIES)
            break;
        if (reserved.includes(name))
            continue;
        kept[name] = storedValue(value);
    }
    return kept;
}
function storedValue(value) {
    if (value === null || value === undefined)
        return null;
    if (typeof value === 'string')
        return cut(value);
    if (typeof value === 'number')
        return Number.isFinite(value) ? value : null;
    if (typeof value === 'boolean')
        return value;
    return cut(JSON.stringify(value));
}
function cut(text) {
    const characters = Array.from(text);
    return characters.length <= MAX_STRING_CHARACTERS ? text : characters.slice(0, MAX_STRING_CHARACTERS).join('');
}
function shapeOperationValue(value) {
    return isRecord(value) ? applyPropertyRules(value, [], []) : storedValue(value);
}
function unreadable(credential, field, message) {
    return { ok: false, unreadable: { field, message }, credential };
}
/** What the bridge stored: events by `$insert_id`, profile and group operations, profiles merged from `$set`/`$set_once`. */
export class BridgeLedger {
    byInsertId = new Map();
    operationLog = [];
    profileState = new Map();
    /** Records received whose `$insert_id` was already stored: a replay, which stores nothing new. */
    replays = 0;
    /** Stores an event unless its `$insert_id` is already stored; true when it was new. */
    storeEvent(event) {
        if (this.byInsertId.has(event.insertId)) {
            this.replays += 1;
            return false;
        }
        this.byInsertId.set(event.insertId, event);
        return true;
    }
    storeOperation(operation) {
        this.operationLog.push(operation);
        // The seed: "`$set` and `$set_once` both merge into the person's profile"; the others are only recorded.
        if (operation.route !== 'engage' || !isRecord(operation.value) || operation.distinctId === null)
            return;
        if (operation.operation !== '$set' && operation.operation !== '$set_once')
            return;
        const profile = this.profileState.get(operation.distinctId) ?? {};
        for (const [name, value] of Object.entries(operation.value)) {
            if (operation.operation === '$set' || !(name in profile))
                profile[name] = value;
        }
        this.profileState.set(operation.distinctId, profile);
    }
    get eventCount() {
        return this.byInsertId.size;
    }
    events() {
        return [...this.byInsertId.values()];
    }
    operations() {
        return [...this.operationLog];
    }
    profile(distinctId) {
        const profile = this.profileState.get(distinctId);
        return profile ? { ...profile } : undefined;
    }
    clear() {
        this.byInsertId.clear();
        this.operationLog.length = 0;
        this.profileState.clear();
        this.replays = 0;
    }
}

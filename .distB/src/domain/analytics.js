import { createHash } from 'node:crypto';
/**
 * Every property name of personal data an event may carry (snake_case; the shaping compares names after turning
 * camelCase into snake_case). ExportPolicy.personalDataAllowList names a subset; the others never leave, at any
 * depth (docs/assumptions.md AB14). A masked member is absent from the event, never sent empty.
 */
export const PERSONAL_PROPERTY_NAMES = [
    'recipient_name',
    'recipient_company',
    'recipient_email',
    'recipient_phone',
    'recipient_street_lines',
    'recipient_city',
    'recipient_postal_code',
    'recipient_state_or_province',
    'shipper_name',
    'shipper_company',
    'shipper_email',
    'shipper_phone',
    'shipper_street_lines',
    'shipper_city',
    'shipper_postal_code',
    'shipper_state_or_province',
    'pickup_contact_name',
    'pickup_contact_phone',
    'pickup_street_lines',
    'pickup_city',
    'pickup_postal_code',
    'signed_by',
];
/**
 * `$insert_id` from an event's identity: the first 128 bits of its SHA-256 written as a UUID (36 characters, hex digits
 * and `-`), so the same identity always gives the same id and different identities practically never collide.
 */
export function insertIdOf(identity) {
    const hex = createHash('sha256').update(identity, 'utf8').digest('hex').slice(0, 32);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

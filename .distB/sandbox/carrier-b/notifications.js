import { header, isRecord } from '../core/http.js';
import { carrierBError } from './errors.js';
import { carrierBCandidates } from './numbers.js';
import { readJsonObject } from './request.js';
/** Seed 001 Limits: "email recipients per notification subscription: 4". */
export const MAX_EMAIL_RECIPIENTS = 4;
const ROLES = new Set(['SHIPPER', 'RECIPIENT', 'BROKER', 'OTHER']);
const EVENT_TYPES = new Set(['ON_DELIVERY', 'ON_ESTIMATED_DELIVERY', 'ON_EXCEPTION', 'ON_TENDER']);
const FORMATS = new Set(['HTML', 'TEXT']);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/**
 * `POST /track/v1/notifications` (seed 001 Events item 2), answer per assumption PB4: `output.message` naming the number
 * and how many recipients, `output.alerts[]` empty. Refused with 400 `errors[]`: more than four recipients
 * (`NOTIFICATION.RECIPIENTS.TOOMANY`), none, a sender or recipient address that is not an email, a role, type or event
 * type outside the seed's sets; an unknown tracking number is 404 `TRACKING.TRACKINGNUMBER.NOTFOUND`. The route
 * `acts` (the carrier will send mail), so a lost answer can be simulated after acceptance.
 */
export function notificationsRoute(ctx, guards, nextTransactionId) {
    return {
        method: 'POST',
        path: '/track/v1/notifications',
        kind: 'business',
        guards,
        acts: true,
        handle: (req) => {
            const fail = (code, message, status = 400) => carrierBError(nextTransactionId(), status, code, message);
            const body = readJsonObject(req);
            if (!body.ok)
                return fail(body.code, body.message);
            const sender = body.value['senderEMailAddress'];
            if (typeof sender !== 'string' || !EMAIL.test(sender))
                return fail('NOTIFICATION.SENDEREMAILADDRESS.INVALID', 'senderEMailAddress must be an email address.');
            if (typeof body.value['senderContactName'] !== 'string' || body.value['senderContactName'] === '') {
                return fail('NOTIFICATION.SENDERCONTACTNAME.REQUIRED', 'Please provide senderContactName.');
            }
            const info = body.value['trackingNumberInfo'];
            const trackingNumber = isRecord(info) ? info['trackingNumber'] : undefined;
            if (typeof trackingNumber !== 'string' || trackingNumber === '')
                return fail('TRACKING.TRACKINGNUMBER.EMPTY', 'Please provide trackingNumberInfo.trackingNumber.');
            const detail = body.value['trackingEventNotificationDetail'];
            const entries = isRecord(detail) ? detail['trackingNotifications'] : undefined;
            if (!Array.isArray(entries) || entries.length === 0)
                return fail('NOTIFICATION.RECIPIENTS.EMPTY', 'Please provide at least one trackingNotifications entry.');
            if (entries.length > MAX_EMAIL_RECIPIENTS) {
                return fail('NOTIFICATION.RECIPIENTS.TOOMANY', `At most ${MAX_EMAIL_RECIPIENTS} email recipients per subscription; ${entries.length} were given.`);
            }
            const recipients = [];
            for (const [index, entry] of entries.entries()) {
                const at = `trackingNotifications[${index}]`;
                if (!isRecord(entry))
                    return fail('NOTIFICATION.ENTRY.INVALID', `${at} must be an object.`);
                const email = isRecord(entry['notificationDetail']) && isRecord(entry['notificationDetail']['emailDetail']) ? entry['notificationDetail']['emailDetail']['emailAddress'] : undefined;
                if (typeof email !== 'string' || !EMAIL.test(email))
                    return fail('NOTIFICATION.EMAILADDRESS.INVALID', `${at}.notificationDetail.emailDetail.emailAddress must be an email address.`);
                if (typeof entry['role'] !== 'string' || !ROLES.has(entry['role']))
                    return fail('NOTIFICATION.ROLE.INVALID', `${at}.role must be one of ${[...ROLES].join(', ')}.`);
                if (typeof entry['notificationType'] !== 'string' || !FORMATS.has(entry['notificationType']))
                    return fail('NOTIFICATION.NOTIFICATIONTYPE.INVALID', `${at}.notificationType must be HTML or TEXT.`);
                const events = entry['notificationEventTypes'];
                if (!Array.isArray(events) || events.length === 0 || !events.every((e) => typeof e === 'string' && EVENT_TYPES.has(e))) {
                    return fail('NOTIFICATION.EVENTTYPES.INVALID', `${at}.notificationEventTypes must list ${[...EVENT_TYPES].join(', ')}.`);
                }
                recipients.push(email);
            }
            if (carrierBCandidates(ctx, trackingNumber, ctx.clock.now()).length === 0) {
                return fail('TRACKING.TRACKINGNUMBER.NOTFOUND', `Tracking number ${trackingNumber} cannot be found.`, 404);
            }
            const customerTransactionId = header(req, 'x-customer-transaction-id');
            return {
                status: 200,
                json: {
                    transactionId: nextTransactionId(),
                    ...(customerTransactionId ? { customerTransactionId } : {}),
                    output: { message: `Email notifications for ${trackingNumber} will be sent to ${recipients.length} recipient(s).`, alerts: [] },
                },
            };
        },
    };
}

import { header, readForm } from '../core/http.js';
import { carrierBError } from './errors.js';
/** The seed's token answer: `access_token`, `token_type`, `expires_in` (3600), `scope`. */
export function carrierBTokenRoute(credentials, tokens, stats, nextTransactionId) {
    return {
        method: 'POST',
        path: '/oauth/token',
        kind: 'token',
        handle: (req) => {
            const form = readForm(req);
            if (!form) {
                return carrierBError(nextTransactionId(), 400, 'BAD.REQUEST.ERROR', 'The token request must be form-encoded (application/x-www-form-urlencoded).');
            }
            if (form.get('grant_type') !== 'client_credentials') {
                return carrierBError(nextTransactionId(), 400, 'GRANT.TYPE.INVALID', 'grant_type must be client_credentials.');
            }
            if (form.get('client_id') !== credentials.clientId || form.get('client_secret') !== credentials.clientSecret) {
                return carrierBError(nextTransactionId(), 401, 'NOT.AUTHORIZED.ERROR', 'The given client credentials were not valid. Please modify your request and try again.');
            }
            stats.tokenMints += 1;
            return {
                status: 200,
                json: { access_token: tokens.issue(), token_type: 'bearer', expires_in: tokens.lifetime, scope: 'CXS' },
            };
        },
    };
}
/** The seed: "Send `Authorization: Bearer <ACCESS_TOKEN>` on every business call"; "When the token has expired, then the answer is 401". */
export function carrierBBearerGuard(tokens, nextTransactionId) {
    return (req) => {
        const state = tokens.check(header(req, 'authorization'));
        if (state === 'valid')
            return undefined;
        const message = state === 'expired'
            ? 'The access token has expired. Please mint a new token and try again.'
            : 'Access token is missing or not valid. Please modify your request and try again.';
        return carrierBError(nextTransactionId(), 401, 'NOT.AUTHORIZED.ERROR', message);
    };
}

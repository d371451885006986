import { hash32 } from '../core/prng.js';
import { problem } from './problem.js';
/**
 * `GET /address-validate` (seed 000: "checks pickup and delivery capability of an origin or destination"; shapes "not
 * shown": assumption PX2). Rules: postal codes starting `000` are unknown (404); postal codes ending `11` are not
 * served for pickup, ending `22` not for delivery; the sanctioned countries rating serves no lane into (XR9: KP, IR,
 * SY, CU) are served for neither. The service area is three letters drawn from the seed, country and postal prefix.
 */
const UNSERVED_COUNTRIES = new Set(['KP', 'IR', 'SY', 'CU']);
export function expressAddressValidateRoutes(ctx, prefix, guards) {
    return [{ method: 'GET', path: `${prefix}/address-validate`, kind: 'business', guards, handle: (req) => validate(ctx, req) }];
}
function validate(ctx, req) {
    const type = req.query.get('type');
    if (type !== 'pickup' && type !== 'delivery')
        return problem(req, 400, 'The query parameter type must be pickup or delivery.');
    const country = req.query.get('countryCode') ?? '';
    if (!/^[A-Z]{2}$/.test(country))
        return problem(req, 400, 'The query parameter countryCode (ISO 3166-1 alpha-2) is required.');
    const postalCode = req.query.get('postalCode')?.trim() || null;
    const city = req.query.get('cityName')?.trim() || null;
    if (postalCode === null && city === null)
        return problem(req, 400, 'Give postalCode or cityName.');
    if (postalCode !== null && postalCode.startsWith('000'))
        return problem(req, 404, `No address with postal code ${postalCode} was found in ${country}.`);
    const unservedEnding = type === 'pickup' ? '11' : '22';
    const capable = !UNSERVED_COUNTRIES.has(country) && !(postalCode ?? '').endsWith(unservedEnding);
    const area = postalCode ?? city.toUpperCase();
    const h = hash32(ctx.seed, 'service-area', country, area.slice(0, 3));
    const letters = String.fromCharCode(65 + (h % 26), 65 + ((h >>> 5) % 26), 65 + ((h >>> 10) % 26));
    const warnings = [];
    if (city === null)
        warnings.push('cityName was not given: the city is the one the postal code belongs to.');
    if (!capable)
        warnings.push(`${type === 'pickup' ? 'Pickup' : 'Delivery'} is not offered at this address.`);
    const line = req.query.get('addressLine1')?.trim();
    const province = req.query.get('provinceCode')?.trim();
    return {
        status: 200,
        json: {
            type,
            capable,
            address: [
                {
                    ...(line ? { addressLine1: line.toUpperCase() } : {}),
                    cityName: city ? city.toUpperCase() : `DISTRICT ${area.slice(0, 3)}`,
                    ...(province ? { provinceCode: province } : {}),
                    ...(postalCode ? { postalCode } : {}),
                    countryCode: country,
                    serviceArea: { code: letters, description: `Service area ${letters}` },
                },
            ],
            ...(warnings.length > 0 ? { warnings } : {}),
        },
    };
}

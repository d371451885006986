import { hash32 } from '../core/prng.js';
import { problem } from './problem.js';
/**
 * `GET /servicepoint` (seed 000: "finds service points and drop-off locations"; shapes "not shown": assumption PX1).
 * Deterministic per sandbox seed and place: up to eight points around the place (given coordinates, or a centre drawn
 * from the country and postal code or city), each farther than the one before, filtered by radius and capabilities,
 * cut at `maxResults`. A remote area (postal code ending `77`, as in rating's XR9, or coordinates beyond a polar
 * circle) has none. Distances are in miles for US places, kilometres elsewhere.
 */
const CAPABILITIES = ['DROP_OFF', 'PICK_UP', 'LOCKER'];
const KINDS = [
    { typeCode: 'SERVICE_POINT', name: 'Express Service Point', capabilities: ['DROP_OFF', 'PICK_UP'] },
    { typeCode: 'LOCKER', name: 'Express Locker', capabilities: ['DROP_OFF', 'PICK_UP', 'LOCKER'] },
    { typeCode: 'DROP_BOX', name: 'Express Drop Box', capabilities: ['DROP_OFF'] },
    { typeCode: 'SERVICE_CENTRE', name: 'Express Service Centre', capabilities: ['DROP_OFF', 'PICK_UP'] },
];
const STREETS = ['Station Road', 'Market Street', 'Harbour Lane', 'Park Avenue', 'Mill Road', 'Church Street'];
const CANDIDATES = 8;
const KM_PER_MILE = 1.609344;
export function expressServicePointRoutes(ctx, prefix, guards) {
    return [{ method: 'GET', path: `${prefix}/servicepoint`, kind: 'business', guards, handle: (req) => servicePoints(ctx, req) }];
}
function num(req, name) {
    const raw = req.query.get(name);
    if (raw === null || raw.trim() === '')
        return null;
    const value = Number(raw);
    return Number.isFinite(value) ? value : 'bad';
}
function servicePoints(ctx, req) {
    const country = req.query.get('countryCode') ?? '';
    if (!/^[A-Z]{2}$/.test(country))
        return problem(req, 400, 'The query parameter countryCode (ISO 3166-1 alpha-2) is required.');
    const postalCode = req.query.get('postalCode')?.trim() || null;
    const city = req.query.get('cityName')?.trim() || null;
    const latitude = num(req, 'latitude');
    const longitude = num(req, 'longitude');
    if (latitude === 'bad' || longitude === 'bad' || (latitude === null) !== (longitude === null)) {
        return problem(req, 400, 'latitude and longitude must both be given as decimal degrees, or neither.');
    }
    if (latitude !== null && (Math.abs(latitude) > 90 || Math.abs(longitude) > 180))
        return problem(req, 400, 'latitude or longitude is out of range.');
    if (latitude === null && postalCode === null && city === null)
        return problem(req, 400, 'Give postalCode, cityName or latitude and longitude.');
    const unit = req.query.get('radiusUnitOfMeasurement') ?? 'km';
    if (unit !== 'km' && unit !== 'mi')
        return problem(req, 400, 'radiusUnitOfMeasurement must be km or mi.');
    const radius = num(req, 'radius') ?? 25;
    if (radius === 'bad' || radius <= 0 || radius > 100)
        return problem(req, 400, 'radius must be above 0 and at most 100.');
    const maxResults = num(req, 'maxResults') ?? 10;
    if (maxResults === 'bad' || !Number.isInteger(maxResults) || maxResults < 1 || maxResults > 50)
        return problem(req, 400, 'maxResults must be an integer from 1 to 50.');
    const wanted = (req.query.get('capabilities') ?? '').split(',').map((c) => c.trim()).filter((c) => c !== '');
    const unknown = wanted.find((c) => !CAPABILITIES.includes(c));
    if (unknown !== undefined)
        return problem(req, 400, `Capability ${unknown} is not known (${CAPABILITIES.join(', ')}).`);
    const remote = (postalCode !== null && postalCode.endsWith('77')) || (latitude !== null && Math.abs(latitude) >= 66.5);
    if (remote)
        return { status: 200, json: { servicePoints: [], warnings: ['No service point serves this remote area; a courier pickup can be booked instead.'] } };
    const place = latitude !== null ? `${latitude.toFixed(4)},${longitude.toFixed(4)}` : `${postalCode ?? ''}|${(city ?? '').toUpperCase()}`;
    const centre = latitude !== null
        ? { lat: latitude, lon: longitude }
        : { lat: (hash32(ctx.seed, 'sp-lat', country, place) % 110_000) / 1000 - 50, lon: (hash32(ctx.seed, 'sp-lon', country, place) % 340_000) / 1000 - 170 };
    const radiusKm = unit === 'mi' ? radius * KM_PER_MILE : radius;
    const inMiles = country === 'US';
    const points = [];
    let distanceKm = 0;
    for (let i = 0; i < CANDIDATES && points.length < maxResults; i++) {
        const h = hash32(ctx.seed, 'sp', country, place, String(i));
        // Each point is 0.4 to 3.4 km farther than the one before: distances always grow with the index.
        distanceKm += 0.4 + (h % 3000) / 1000;
        if (distanceKm > radiusKm)
            break;
        const kind = KINDS[h % KINDS.length];
        if (!wanted.every((c) => kind.capabilities.includes(c)))
            continue;
        const bearing = ((h >>> 8) % 360) * (Math.PI / 180);
        const lat = centre.lat + (distanceKm / 111.32) * Math.cos(bearing);
        const lon = centre.lon + (distanceKm / (111.32 * Math.cos((centre.lat * Math.PI) / 180))) * Math.sin(bearing);
        const id = `${country}${(hash32(ctx.seed, 'sp-id', country, place, String(i)) % 1_000_000).toString().padStart(6, '0')}`;
        points.push({
            id,
            name: `${kind.name} ${STREETS[(h >>> 4) % STREETS.length]}`,
            typeCode: kind.typeCode,
            address: {
                addressLine1: `${1 + ((h >>> 12) % 200)} ${STREETS[(h >>> 4) % STREETS.length]}`,
                ...(city ? { cityName: city } : {}),
                ...(postalCode ? { postalCode } : {}),
                countryCode: country,
            },
            geoLocation: { latitude: round(clamp(lat, 90), 6), longitude: round(clamp(lon, 180), 6) },
            distance: inMiles ? { value: round(distanceKm / KM_PER_MILE, 2), unitOfMeasurement: 'mi' } : { value: round(distanceKm, 2), unitOfMeasurement: 'km' },
            openingHours: kind.typeCode === 'LOCKER' ? everyDay() : shopHours((h >>> 20) % 2 === 0),
            capabilities: kind.capabilities,
        });
    }
    return { status: 200, json: { servicePoints: points } };
}
function round(value, decimals) {
    const f = 10 ** decimals;
    return Math.round(value * f) / f;
}
function clamp(value, limit) {
    return Math.max(-limit, Math.min(limit, value));
}
/** Lockers are open round the clock, every day. */
function everyDay() {
    return ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'].map((dayOfWeek) => ({ dayOfWeek, openingTime: '00:00', closingTime: '23:59' }));
}
/** Counters open on weekdays, some on Saturday mornings; none on Sunday. */
function shopHours(saturday) {
    const week = ['MON', 'TUE', 'WED', 'THU', 'FRI'].map((dayOfWeek) => ({ dayOfWeek, openingTime: '09:00', closingTime: '19:00' }));
    return saturday ? [...week, { dayOfWeek: 'SAT', openingTime: '10:00', closingTime: '14:00' }] : week;
}

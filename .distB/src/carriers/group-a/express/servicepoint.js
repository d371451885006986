import { mapExpressWarnings } from './mapping.js';
import { asUpstreamError } from './rating.js';
import { expressServicePointAnswer } from './servicepoint-wire.js';
const UPSTREAM = 'group-a/express';
const OPERATION = 'servicepoint';
/** Statute mile in kilometres: the answer may give distances in `mi` (assumption PX1). */
const KM_PER_MILE = 1.609344;
/** The seed's day abbreviations (our choice, PX1) -> ISO weekday; anything else keeps its text with a null weekday. */
const WEEKDAYS = { MON: 1, TUE: 2, WED: 3, THU: 4, FRI: 5, SAT: 6, SUN: 7 };
/** Group A express `GET /servicepoint` (shapes: assumption PX1). Rejects with UpstreamError. */
export class ExpressServicePointConnector {
    upstream = UPSTREAM;
    carrier = 'GROUP_A';
    division = 'express';
    client;
    constructor(options) {
        this.client = options.client;
    }
    async servicePoints(query) {
        return (await this.search(query)).points;
    }
    /** The points with the answer's `warnings[]` (a remote area says why there are none). */
    async search(query) {
        try {
            const answer = await this.client.call({
                operation: OPERATION,
                method: 'GET',
                path: '/servicepoint',
                query: expressServicePointQuery(query),
                schema: expressServicePointAnswer,
            });
            return { points: answer.servicePoints.map(mapServicePoint), warnings: mapExpressWarnings(answer.warnings ?? []) };
        }
        catch (error) {
            throw asUpstreamError(OPERATION, error);
        }
    }
}
/** The query of assumption PX1: the place, the radius in km, the number wanted and the capabilities required. */
export function expressServicePointQuery(query) {
    return {
        countryCode: query.countryCode,
        postalCode: query.postalCode,
        cityName: query.city,
        addressLine1: query.streetLine,
        latitude: query.latitude,
        longitude: query.longitude,
        radius: query.radiusKm,
        radiusUnitOfMeasurement: 'km',
        maxResults: query.limit,
        capabilities: query.capabilities.length > 0 ? query.capabilities.join(',') : null,
    };
}
export function mapServicePoint(wire) {
    const lines = [wire.address.addressLine1, wire.address.addressLine2].filter((l) => typeof l === 'string' && l.trim() !== '');
    const distance = wire.distance ?? null;
    return {
        id: wire.id,
        name: wire.name,
        type: wire.typeCode ?? null,
        address: {
            streetLines: lines,
            city: wire.address.cityName ?? null,
            stateOrProvinceCode: wire.address.provinceCode ?? null,
            postalCode: wire.address.postalCode ?? null,
            countryCode: wire.address.countryCode,
        },
        latitude: wire.geoLocation?.latitude ?? null,
        longitude: wire.geoLocation?.longitude ?? null,
        // Three decimals: metres are the finest a distance to a counter means anything at.
        distanceKm: distance === null ? null : Math.round((distance.unitOfMeasurement === 'mi' ? distance.value * KM_PER_MILE : distance.value) * 1000) / 1000,
        openingHours: (wire.openingHours ?? []).map((h) => ({ weekday: WEEKDAYS[h.dayOfWeek.toUpperCase()] ?? null, day: h.dayOfWeek, opens: h.openingTime, closes: h.closingTime })),
        capabilities: wire.capabilities ?? [],
    };
}

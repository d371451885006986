/** The last digit of a tracking number chooses its scenario, so documented examples do not depend on the seed. */
const SCENARIO_BY_LAST_DIGIT = [
    'delivered', // 0
    'delivered', // 1
    'delivered-early', // 2
    'in-transit', // 3
    'picked-up', // 4
    'out-for-delivery', // 5
    'weather-delay', // 6
    'returned', // 7
    'pre-transit', // 8
    'attempt-failed', // 9
];
export function scenarioOf(trackingNumber) {
    const last = Number(trackingNumber.at(-1));
    return Number.isInteger(last) ? SCENARIO_BY_LAST_DIGIT[last] : 'in-transit';
}
const TO_DESTINATION = [
    ['LABEL_CREATED', 'origin', 0, 0],
    ['MANIFESTED', 'origin', 0.5, 2],
    ['PICKED_UP', 'origin', 2, 6],
    ['DEPARTED_ORIGIN', 'origin', 1, 3],
    ['ARRIVED_HUB', 'hub', 3, 8],
    ['DEPARTED_HUB', 'hub', 1, 4],
    ['ARRIVED_DESTINATION', 'destination', 3, 8],
    ['OUT_FOR_DELIVERY', 'destination', 2, 8],
];
const DELIVER = ['DELIVERED', 'destination', 1, 5];
const ATTEMPT_FAILS = ['DELIVERY_ATTEMPT_FAILED', 'destination', 1, 4];
/** Step templates per scenario, and the step that is the latest one at the sandbox epoch. */
const TEMPLATES = {
    delivered: { steps: [...TO_DESTINATION, DELIVER], currentAtEpoch: 'DELIVERED' },
    'delivered-early': { steps: [...TO_DESTINATION, DELIVER], currentAtEpoch: 'DELIVERED' },
    'in-transit': { steps: [...TO_DESTINATION, DELIVER], currentAtEpoch: 'ARRIVED_HUB' },
    'picked-up': { steps: [...TO_DESTINATION, DELIVER], currentAtEpoch: 'PICKED_UP' },
    'out-for-delivery': { steps: [...TO_DESTINATION, DELIVER], currentAtEpoch: 'OUT_FOR_DELIVERY' },
    'pre-transit': { steps: [...TO_DESTINATION, DELIVER], currentAtEpoch: 'MANIFESTED' },
    'weather-delay': {
        steps: [
            ...TO_DESTINATION.slice(0, 5),
            ['WEATHER_DELAY', 'hub', 1, 3],
            ['DEPARTED_HUB', 'hub', 12, 20],
            ...TO_DESTINATION.slice(6),
            DELIVER,
        ],
        currentAtEpoch: 'WEATHER_DELAY',
    },
    returned: {
        steps: [
            ...TO_DESTINATION,
            ATTEMPT_FAILS,
            ['RETURN_TO_SENDER', 'destination', 4, 8],
            ['RETURNED', 'origin', 6, 12],
        ],
        currentAtEpoch: 'RETURNED',
    },
    'attempt-failed': {
        steps: [...TO_DESTINATION, ATTEMPT_FAILS, ['OUT_FOR_DELIVERY', 'destination', 16, 20], DELIVER],
        currentAtEpoch: 'DELIVERY_ATTEMPT_FAILED',
    },
};
/** The brief's window: a shipment was created between 0 and 72 hours before the sandbox epoch. */
const MAX_AGE_HOURS = 72;
const HOUR = 3_600_000;
/**
 * Lays the scenario's steps out in time so that the sandbox epoch falls right after the scenario's current step
 * (before the next one), and the creation time is 0-72 h before the epoch. `extraAgeHours` moves the whole plan
 * further back (the older candidate of a reused number).
 */
export function buildPlan(rng, scenario, route, epoch, extraAgeHours = 0) {
    const template = TEMPLATES[scenario];
    const gaps = template.steps.map(([, , min, max]) => rng.between(min, max));
    const offsets = [];
    gaps.reduce((sum, gap) => {
        offsets.push(sum + gap);
        return sum + gap;
    }, 0);
    const current = template.steps.findIndex(([kind]) => kind === template.currentAtEpoch);
    const currentOffset = offsets[current];
    const nextOffset = offsets[current + 1];
    // Epoch sits 20-80 % of the way to the next step, or 2-20 h after a terminal step.
    let epochOffset = nextOffset === undefined
        ? currentOffset + rng.between(2, 20)
        : currentOffset + (nextOffset - currentOffset) * rng.between(0.2, 0.8);
    const scale = epochOffset > MAX_AGE_HOURS ? (MAX_AGE_HOURS * 0.97) / epochOffset : 1;
    epochOffset *= scale;
    const createdAt = epoch.getTime() - (epochOffset + extraAgeHours) * HOUR;
    return template.steps.map(([kind, where], i) => ({
        kind,
        // Whole seconds, as carriers' scans print them.
        at: new Date(Math.round((createdAt + offsets[i] * scale * HOUR) / 1000) * 1000),
        place: route[where],
    }));
}
export function visibleSteps(steps, now) {
    return steps.filter((step) => step.at.getTime() <= now.getTime());
}

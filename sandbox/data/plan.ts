import type { Rng } from '../core/prng.js';
import type { Place } from './places.js';

/**
 * A shipment's plan: the scan steps it will go through, each with an instant. Only steps at or before the sandbox
 * clock's "now" are visible, so shipments move while the sandbox runs. The step kinds are neutral; each simulator
 * renders them in its own vocabulary (Carrier B codes, unified status codes, express typeCodes, e-commerce codes).
 */
export type StepKind =
  | 'LABEL_CREATED'
  | 'MANIFESTED'
  | 'PICKED_UP'
  | 'DEPARTED_ORIGIN'
  | 'ARRIVED_HUB'
  | 'WEATHER_DELAY'
  | 'DEPARTED_HUB'
  | 'ARRIVED_DESTINATION'
  | 'OUT_FOR_DELIVERY'
  | 'DELIVERY_ATTEMPT_FAILED'
  | 'DELIVERED'
  | 'RETURN_TO_SENDER'
  | 'RETURNED';

export interface PlanStep {
  kind: StepKind;
  at: Date;
  place: Place;
}

/** How a shipment's story goes, and where in it the sandbox epoch falls. */
export type Scenario =
  | 'delivered'
  | 'delivered-early'
  | 'in-transit'
  | 'picked-up'
  | 'out-for-delivery'
  | 'weather-delay'
  | 'returned'
  | 'pre-transit'
  | 'attempt-failed';

/** The last digit of a tracking number chooses its scenario, so documented examples do not depend on the seed. */
const SCENARIO_BY_LAST_DIGIT: readonly Scenario[] = [
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

export function scenarioOf(trackingNumber: string): Scenario {
  const last = Number(trackingNumber.at(-1));
  return Number.isInteger(last) ? (SCENARIO_BY_LAST_DIGIT[last] as Scenario) : 'in-transit';
}

type Where = 'origin' | 'hub' | 'destination';
/** A step and the hours it follows the previous one by (a range the seeded generator picks from). */
type StepTemplate = readonly [StepKind, Where, number, number];

const TO_DESTINATION: readonly StepTemplate[] = [
  ['LABEL_CREATED', 'origin', 0, 0],
  ['MANIFESTED', 'origin', 0.5, 2],
  ['PICKED_UP', 'origin', 2, 6],
  ['DEPARTED_ORIGIN', 'origin', 1, 3],
  ['ARRIVED_HUB', 'hub', 3, 8],
  ['DEPARTED_HUB', 'hub', 1, 4],
  ['ARRIVED_DESTINATION', 'destination', 3, 8],
  ['OUT_FOR_DELIVERY', 'destination', 2, 8],
];
const DELIVER: StepTemplate = ['DELIVERED', 'destination', 1, 5];
const ATTEMPT_FAILS: StepTemplate = ['DELIVERY_ATTEMPT_FAILED', 'destination', 1, 4];

/** Step templates per scenario, and the step that is the latest one at the sandbox epoch. */
const TEMPLATES: Record<Scenario, { steps: readonly StepTemplate[]; currentAtEpoch: StepKind }> = {
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

export interface PlanRoute {
  origin: Place;
  hub: Place;
  destination: Place;
}

/**
 * Lays the scenario's steps out in time so that the sandbox epoch falls right after the scenario's current step
 * (before the next one), and the creation time is 0-72 h before the epoch. `extraAgeHours` moves the whole plan
 * further back (the older candidate of a reused number).
 */
export function buildPlan(rng: Rng, scenario: Scenario, route: PlanRoute, epoch: Date, extraAgeHours = 0): PlanStep[] {
  const template = TEMPLATES[scenario];
  const gaps = template.steps.map(([, , min, max]) => rng.between(min, max));
  const offsets: number[] = [];
  gaps.reduce((sum, gap) => {
    offsets.push(sum + gap);
    return sum + gap;
  }, 0);
  const current = template.steps.findIndex(([kind]) => kind === template.currentAtEpoch);
  const currentOffset = offsets[current] as number;
  const nextOffset = offsets[current + 1];
  // Epoch sits 20-80 % of the way to the next step, or 2-20 h after a terminal step.
  let epochOffset =
    nextOffset === undefined
      ? currentOffset + rng.between(2, 20)
      : currentOffset + (nextOffset - currentOffset) * rng.between(0.2, 0.8);
  const scale = epochOffset > MAX_AGE_HOURS ? (MAX_AGE_HOURS * 0.97) / epochOffset : 1;
  epochOffset *= scale;
  const createdAt = epoch.getTime() - (epochOffset + extraAgeHours) * HOUR;
  return template.steps.map(([kind, where], i) => ({
    kind,
    // Whole seconds, as carriers' scans print them.
    at: new Date(Math.round((createdAt + (offsets[i] as number) * scale * HOUR) / 1000) * 1000),
    place: route[where],
  }));
}

export function visibleSteps(steps: readonly PlanStep[], now: Date): PlanStep[] {
  return steps.filter((step) => step.at.getTime() <= now.getTime());
}

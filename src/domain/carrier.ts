/** The networks this subgraph speaks to. Group A's divisions travel beside the carrier, not inside it (DESIGN.md). */
export const CARRIERS = ['GROUP_A', 'CARRIER_B', 'DARK_STORE'] as const;
export type Carrier = (typeof CARRIERS)[number];

/** Group A divisions known to the unified interface's `service` parameter ("the value `express` appears"). */
export type GroupADivision = string;

/** Which Group A interface answered: unified tracking, express or e-commerce. */
export type CarrierInterface = 'group-a/tracking' | 'group-a/express' | 'group-a/ecommerce' | 'carrier-b' | 'dark-store'
  // Not a carrier: the analytics bridge (seed 002 B) the shipment events are exported to, named like the others in
  // upstream metrics and failures.
  | 'analytics';

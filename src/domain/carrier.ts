/** The networks this subgraph speaks to. Group A's divisions travel beside the carrier, not inside it (DESIGN.md). */
// The schema's Carrier enum, value for value (test/carriers/carrier-enum.test.ts keeps them equal).
export const CARRIERS = ['GROUP_A', 'CARRIER_B', 'DARK_STORE'] as const;
export type Carrier = (typeof CARRIERS)[number];

/** The divisions input may name for a carrier, as its module says (CarrierRegistry.divisionsOf); empty: it has none. */
export type DivisionsOf = (carrier: Carrier) => readonly string[];

/** Group A divisions known to the unified interface's `service` parameter ("the value `express` appears"). */
export type GroupADivision = string;

/**
 * Which upstream interface answered (metrics, failures, pools). The known ones are listed for reading; a carrier
 * module names its own (declared in its `upstreams`), so a new carrier adds nothing here.
 */
export type CarrierInterface = 'group-a/tracking' | 'group-a/express' | 'group-a/ecommerce' | 'carrier-b' | 'dark-store'
  // Not a carrier: the analytics bridge (seed 002 B) the shipment events are exported to, named like the others in
  // upstream metrics and failures.
  | 'analytics'
  | (string & {});

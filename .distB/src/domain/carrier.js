/** The networks this subgraph speaks to. Group A's divisions travel beside the carrier, not inside it (DESIGN.md). */
export const CARRIERS = ['GROUP_A', 'CARRIER_B', 'DARK_STORE'];

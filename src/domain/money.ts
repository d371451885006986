/** An amount with its ISO 4217 currency. Amounts are decimal strings to avoid binary rounding of prices. */
export interface Money {
  amount: string;
  currency: string;
}

import type { BridgeRecord, LifecycleEvent } from '../../domain/analytics.js';

/**
 * The analytics export's parts (issue 11), DRAFT contract (branch issue11). The shaping and the bridge client are
 * pure of the store; the outbox writer and the exporter are the store's side.
 */

/** What the operator allows out (ANALYTICS_* configuration). */
export interface ExportPolicy {
  /**
   * Property names of personal data allowed out (e.g. `recipient_city`, `recipient_postal_code`); every other personal
   * property is dropped. Masked members stay absent. Documented in docs/assumptions.md.
   */
  personalDataAllowList: readonly string[];
}

/** Shapes one event to the bridge's rules (at most 40 properties, strings at most 512 characters, nested as JSON). */
export type ShapeEvent = (event: LifecycleEvent, policy: ExportPolicy) => BridgeRecord;

/** The bridge's answer to one `/bridge/import?strict=1` call with HTTP Basic (the Server key). */
export type ImportAnswer =
  /** JSON `{ code: 200, num_records_imported, status: "OK" }`. */
  | { kind: 'IMPORTED'; imported: number }
  /** JSON `{ code: 401, error, status: "Unauthorized" }`: stop exporting, alert, keep the events. */
  | { kind: 'UNAUTHORIZED'; message: string }
  /**
   * `strict=1` refused the whole batch (one record unreadable), or a body `0` from any route: nothing was stored.
   * `failed`: the records the bridge named (index in the batch sent, its reason), when it named them (assumption AB8).
   */
  | { kind: 'REJECTED'; message: string; status: number; failed?: ReadonlyArray<{ index: number; reason: string }> }
  /** Unreachable, timeout, 5xx, 429: nothing known to be stored; retry the same batch later (same $insert_ids). */
  | { kind: 'UNAVAILABLE'; message: string; retryAfterMs: number | null };

/** The one client of the bridge: every call under `{base_url}/bridge`, never the bare root paths. */
export interface BridgeClient {
  importBatch(records: readonly BridgeRecord[]): Promise<ImportAnswer>;
  close(): Promise<void>;
}

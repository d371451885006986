import type { Config } from '../../platform/config.js';
import { DEFAULT_POLL_INTERVALS, SANDBOX_POLL_INTERVALS } from './poll-intervals.js';
import { DEFAULT_WATCHER_SETTINGS, type WatcherSettings } from './watcher.js';

/**
 * The watcher's settings from configuration. Unset intervals take the mode's defaults: production polls every
 * 15 minutes (5 near delivery); sandbox mode every 10 s (5 s near delivery) with a 1 s tick, because the simulators'
 * shipments progress on a sped-up clock and `npm start` should show new scans to a subscriber with no configuration.
 */
export function watcherSettingsFor(watchers: Config['watchers'], sandboxMode: boolean): WatcherSettings {
  const base = sandboxMode ? SANDBOX_POLL_INTERVALS : DEFAULT_POLL_INTERVALS;
  return {
    ...DEFAULT_WATCHER_SETTINGS,
    tickMs: watchers.tickMs ?? (sandboxMode ? 1_000 : DEFAULT_WATCHER_SETTINGS.tickMs),
    batchLimit: watchers.batchLimit,
    notFoundGiveUpPolls: watchers.notFoundGiveUpPolls ?? DEFAULT_WATCHER_SETTINGS.notFoundGiveUpPolls,
    intervals: {
      ...base,
      defaultMs: watchers.defaultIntervalMs ?? base.defaultMs,
      nearDeliveryMs: watchers.nearDeliveryIntervalMs ?? base.nearDeliveryMs,
      maxBackoffMs: watchers.maxBackoffMs ?? base.maxBackoffMs,
    },
  };
}

import { ManualClock, type Sandbox, startSandbox, type StartSandboxOptions } from '../../sandbox/index.js';

/** A fixed sandbox time, so answers do not depend on when the tests run. */
export const EPOCH = '2026-03-10T12:00:00Z';

export interface TestSandbox {
  sandbox: Sandbox;
  clock: ManualClock;
  wallClock: ManualClock;
}

/** Starts a sandbox on ephemeral ports whose data clock and wall clock only move when a test moves them. */
export async function startTestSandbox(options: StartSandboxOptions = {}): Promise<TestSandbox> {
  const clock = new ManualClock(EPOCH);
  const wallClock = new ManualClock(EPOCH);
  const sandbox = await startSandbox({
    seed: 'test-seed',
    epoch: EPOCH,
    clock,
    wallClock,
    unifiedQuota: { minIntervalMs: 0, dailyQuota: 10_000 },
    ...options,
  });
  return { sandbox, clock, wallClock };
}

export interface JsonAnswer<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export async function getJson<T = any>(url: string, headers: Record<string, string> = {}): Promise<JsonAnswer<T>> {
  const response = await fetch(url, { headers });
  return { status: response.status, headers: response.headers, body: (await response.json()) as T };
}

export async function postJson<T = any>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<JsonAnswer<T>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as T };
}

export async function postForm<T = any>(url: string, form: Record<string, string>): Promise<JsonAnswer<T>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as T };
}

export async function carrierBToken(sandbox: Sandbox): Promise<string> {
  const { clientId, clientSecret } = sandbox.credentials.carrierB;
  const answer = await postForm<{ access_token: string }>(`${sandbox.urls.carrierB}/oauth/token`, {
    grant_type: 'client_credentials',
    client_id: clientId,
    client_secret: clientSecret,
  });
  return answer.body.access_token;
}

export async function ecommerceToken(sandbox: Sandbox): Promise<string> {
  const { clientId, clientSecret } = sandbox.credentials.groupAEcommerce;
  const answer = await postForm<{ access_token: string }>(`${sandbox.urls.groupAEcommerce}/auth/v4/accesstoken`, {
    grant_type: 'client_credentials',
    client_id: clientId,
    client_secret: clientSecret,
  });
  return answer.body.access_token;
}

export function basicAuth(sandbox: Sandbox): Record<string, string> {
  const { username, password } = sandbox.credentials.groupAExpress;
  return { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` };
}

export function trackBody(numbers: string[], includeDetailedScans = true): unknown {
  return { includeDetailedScans, trackingInfo: numbers.map((trackingNumber) => ({ trackingNumberInfo: { trackingNumber } })) };
}

/** ISO 8601 with offset, e.g. 2026-03-10T04:05:06+05:30. */
export const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;
/** Local date-time without offset, e.g. 2026-03-10T04:05:06. */
export const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

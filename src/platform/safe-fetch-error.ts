/** Why a caller-supplied URL could not be fetched; `code` is stable, `message` is for people. */
export type SafeFetchErrorCode =
  | 'invalid_url'
  | 'private_address'
  | 'too_large'
  | 'timeout'
  | 'too_many_redirects'
  | 'http_status'
  | 'network';

/** Codes worth retrying later: the same URL may work next time. */
const TRANSIENT: ReadonlySet<SafeFetchErrorCode> = new Set(['timeout', 'network']);

export class SafeFetchError extends Error {
  override readonly name = 'SafeFetchError';
  constructor(
    readonly code: SafeFetchErrorCode,
    readonly url: string,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }

  /** Timeouts, connection failures and 5xx/429 answers may succeed on a later attempt. */
  get retryable(): boolean {
    if (this.code === 'http_status') return this.status === 429 || (this.status ?? 0) >= 500;
    return TRANSIENT.has(this.code);
  }
}

/** Raised inside the DNS lookup hook; recognised again after undici wraps it. */
export class PrivateAddressRefused extends Error {
  override readonly name = 'PrivateAddressRefused';
  readonly code = 'ERR_POSTROOM_PRIVATE_ADDRESS';
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`${host} resolves to ${address}, a private or reserved address`);
  }
}

export function findPrivateRefusal(err: unknown): PrivateAddressRefused | undefined {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof PrivateAddressRefused) return e;
  }
  return undefined;
}

/**
 * The error catalogue: every error the API returns is thrown as `apiError(code, message)`.
 * One handler (error-handler.ts) renders it in the print-mail shape or the address envelope.
 */
export const ERROR_CATALOGUE = Object.freeze({
  validation_error: 400,
  missing_auth_error: 401,
  permission_missing_error: 401, // the hosted service answers 401 for a valid key without the right
  not_found_error: 404,
  request_timeout_error: 408, // Node's HTTP parser: the request did not arrive in time
  editor_session_expired_error: 410, // a template editor session's link after its 24 hours
  payload_too_large_error: 413,
  unsupported_media_type_error: 415,
  headers_too_large_error: 431, // Node's HTTP parser: headers (or the URL with its query) past 16 KB
  invalid_progression_error: 422,
  order_not_cancellable_error: 422,
  idempotency_key_reuse_error: 422,
  lookup_limit_exceeded_error: 402,
  return_envelope_already_exists_error: 422,
  return_envelope_unavailable_error: 422,
  return_envelope_order_cannot_fill_error: 422,
  campaign_status_error: 422,
  mailing_list_status_error: 422,
  targeted_list_build_status_error: 422,
  insufficient_credits_error: 402, // a live targeted list build costs more list build credit than is left
  report_query_error: 400,
  report_query_forbidden_error: 403,
  report_query_timeout_error: 422,
  report_result_too_large_error: 422,
  report_export_status_error: 422,
  virtual_mailbox_status_error: 422,
  test_mode_only_error: 422,
  rate_limit_exceeded_error: 429,
  internal_error: 500,
  service_unavailable_error: 503,
});

export type ErrorType = keyof typeof ERROR_CATALOGUE;

export class ApiError extends Error {
  readonly statusCode: number;
  readonly type: ErrorType;
  readonly headers: Record<string, string>;

  constructor(type: ErrorType, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.type = type;
    this.statusCode = ERROR_CATALOGUE[type];
    this.headers = headers;
  }
}

export function apiError(type: ErrorType, message: string, headers?: Record<string, string>): ApiError {
  return new ApiError(type, message, headers);
}

export const notFound = (what: string, id: string): ApiError =>
  apiError('not_found_error', `Could not find ${what} with id ${id}.`);

export const invalid = (field: string, problem: string): ApiError =>
  apiError('validation_error', `${field} ${problem}`);

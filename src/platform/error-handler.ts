import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { ApiError, apiError, type ErrorType } from './errors.js';

/** Seconds a client is told to wait when the database cannot be reached. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** Address-verification paths answer with the `{status, message}` envelope; everything else print-mail style. */
export function usesEnvelope(url: string): boolean {
  return url.startsWith('/v1/');
}

export function sendError(request: FastifyRequest, reply: FastifyReply, err: ApiError): FastifyReply {
  reply.code(err.statusCode).headers(err.headers);
  if (usesEnvelope(request.url)) return reply.send({ status: 'error', message: err.message, type: err.type });
  return reply.send({ object: 'error', error: { type: err.type, message: err.message } });
}

type AjvIssue = {
  instancePath?: string;
  message?: string;
  keyword?: string;
  params?: Record<string, unknown>;
};

/** Turns Ajv's first issue into a message that names the field the way a client wrote it. */
export function describeValidation(issues: AjvIssue[], context: string | undefined): string {
  const issue = issues[0] ?? {};
  const parts = (issue.instancePath ?? '').split('/').filter(Boolean);
  if (issue.keyword === 'required' && issue.params?.missingProperty)
    parts.push(String(issue.params.missingProperty));
  if (issue.keyword === 'additionalProperties' && issue.params?.additionalProperty)
    parts.push(String(issue.params.additionalProperty));
  const field = parts.length ? parts.join('.') : context === 'body' ? 'body' : (context ?? 'request');
  const where = context === 'querystring' ? ' (query parameter)' : '';
  switch (issue.keyword) {
    case 'required':
      return `${field} is required${where}.`;
    case 'additionalProperties':
      return `${field} is not a known field${where}.`;
    case 'enum':
      return `${field} must be one of: ${(issue.params?.allowedValues as unknown[] | undefined)?.join(', ')}${where}.`;
    default:
      return `${field} ${issue.message ?? 'is invalid'}${where}.`;
  }
}

function fromFastifyError(err: FastifyError): ApiError {
  if (err.validation)
    return apiError('validation_error', describeValidation(err.validation, err.validationContext));
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return apiError('payload_too_large_error', 'The request body is too large.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return apiError(
        'unsupported_media_type_error',
        'Unsupported Content-Type; send application/json, application/x-www-form-urlencoded or multipart/form-data.',
      );
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return apiError('validation_error', `body is not valid JSON: ${err.message}`);
  }
  if (err instanceof SyntaxError)
    return apiError('validation_error', `body is not valid JSON: ${err.message}`);
  if (isDatabaseUnavailable(err))
    return apiError('service_unavailable_error', 'The service is briefly unavailable; retry shortly.', {
      'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS),
    });
  const status = err.statusCode ?? 500;
  if (status === 413) return apiError('payload_too_large_error', 'The request body is too large.');
  if (status === 404) return apiError('not_found_error', err.message);
  if (status >= 400 && status < 500) return apiError('validation_error', err.message);
  return apiError('internal_error', 'An internal error occurred. It has been logged.');
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    const apiErr = error instanceof ApiError ? error : fromFastifyError(error);
    if (apiErr.type === 'service_unavailable_error') request.log.warn({ err: error }, 'request failed');
    else if (apiErr.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    return sendError(request, reply, apiErr);
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(
      request,
      reply,
      apiError('not_found_error', `No route for ${request.method} ${request.url.split('?')[0]}.`),
    ),
  );
}

/**
 * Fastify's `frameworkErrors`: what its router refuses before any route or hook runs (a
 * malformed percent-encoding, a path parameter over maxParamLength) answers in the API's shapes
 * too, not in Fastify's own body.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const problem =
    error.code === 'FST_ERR_BAD_URL'
      ? apiError('validation_error', 'path is not a valid URL: it has a malformed percent-encoding.')
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? apiError('validation_error', 'path has a parameter longer than 100 characters.')
        : fromFastifyError(error);
  void sendError(request, reply, problem);
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refused (headers too large, a
 * malformed request line, a client too slow). Its path is unknown, so the body carries both
 * error shapes: `object`/`error` (print & mail) and `status`/`message` (address verification).
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [text, problem] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [
          'Request Header Fields Too Large',
          apiError('headers_too_large_error', 'The request headers (or URL) are too large.'),
        ]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? ['Request Timeout', apiError('request_timeout_error', 'The request was not received in time.')]
        : ['Bad Request', apiError('validation_error', 'The request is not valid HTTP.')];
  const { statusCode: status, type, message } = problem;
  const body = JSON.stringify({ object: 'error', error: { type, message }, status: 'error', message, type });
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${text}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(err);
}

export type { ErrorType };

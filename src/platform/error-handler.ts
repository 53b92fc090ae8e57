import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, apiError, type ErrorType } from './errors.js';

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
  const status = err.statusCode ?? 500;
  if (status === 413) return apiError('payload_too_large_error', 'The request body is too large.');
  if (status === 404) return apiError('not_found_error', err.message);
  if (status >= 400 && status < 500) return apiError('validation_error', err.message);
  return apiError('internal_error', 'An internal error occurred. It has been logged.');
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    const apiErr = error instanceof ApiError ? error : fromFastifyError(error);
    if (apiErr.statusCode >= 500) request.log.error({ err: error }, 'request failed');
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

export type { ErrorType };

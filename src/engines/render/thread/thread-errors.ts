import {
  PdfCheckError,
  RenderInputError,
  RenderTimeoutError,
  RenderUnavailableError,
  TemplateSyntaxError,
} from '../errors.js';

/** A render error as it crosses from the render thread (structured clone drops the class). */
export interface SentError {
  name: string;
  message: string;
  field?: string;
  code?: string;
}

export function sendableError(err: unknown): SentError {
  if (err instanceof RenderInputError)
    return { name: err.name, message: err.message, field: err.field, code: err.code };
  if (err instanceof Error) return { name: err.name, message: err.message };
  return { name: 'Error', message: String(err) };
}

/** The same class on this side, so callers keep telling bad content from "try again later". */
export function revivedError(sent: SentError): Error {
  switch (sent.name) {
    case 'PdfCheckError':
      return new PdfCheckError(sent.field ?? 'content', sent.message, sent.code);
    case 'RenderInputError':
      return new RenderInputError(sent.field ?? 'content', sent.message, sent.code);
    case 'TemplateSyntaxError':
      return new TemplateSyntaxError(sent.message);
    case 'RenderUnavailableError':
      return new RenderUnavailableError(sent.message);
    case 'RenderTimeoutError':
      return new RenderTimeoutError(sent.message);
    default:
      return new Error(`render thread: ${sent.message}`);
  }
}

import { type TSchema, Type } from '@sinclair/typebox';

/** Address-verification responses: `{status, message, data}` (errors are rendered by the error handler). */
export function ok<T>(data: T, message: string): { status: 'success'; message: string; data: T } {
  return { status: 'success', message, data };
}

export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({ status: Type.Literal('success'), message: Type.String(), data });

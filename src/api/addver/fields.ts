import { Type } from '@sinclair/typebox';

/** Longest freeform address accepted: real ones are under 200 characters; 10 KB of text is a 400. */
export const MAX_ADDRESS_LENGTH = 500;

export const FreeformAddress = Type.String({
  maxLength: MAX_ADDRESS_LENGTH,
  description: 'One line; best results with the 2-letter country code appended.',
});

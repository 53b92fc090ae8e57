import type { MailpieceFormat, MailpieceKind } from './mailpiece-format.js';
import { POSTCARD_FORMATS } from './postcard-formats.js';
import { SELF_MAILER_FORMATS } from './self-mailer-formats.js';
import { SNAP_PACK_FORMATS } from './snap-pack-formats.js';

/**
 * The sizes of each two-sided kind, by kind: the one table its pipeline, its preview zones
 * and the render CLI read. A new two-sided kind is its formats file and a row here.
 */
export const MAILPIECE_KINDS: Readonly<Record<MailpieceKind, Readonly<Record<string, MailpieceFormat>>>> =
  Object.freeze({
    postcard: POSTCARD_FORMATS,
    self_mailer: SELF_MAILER_FORMATS,
    snap_pack: SNAP_PACK_FORMATS,
  });

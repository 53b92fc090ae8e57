import type { ProfileSpec } from '../order-profiles/profile-kind.js';
import { twoPagePdf } from '../order-profiles/profile-pdfs.js';
import type { TwoSidedSpec } from './two-sided.js';

/** A two-sided kind's profile: its size, and each side's template or HTML, or its two-page PDF. */
export function twoSidedProfile(spec: TwoSidedSpec): ProfileSpec {
  return {
    fields: ['size', 'pdf', ...spec.sides.flatMap((s) => [s.template, s.html])],
    required: ['size'],
    templates: spec.sides.map((s) => s.template),
    html: spec.sides.map((s) => s.html),
    pdfs: [twoPagePdf(spec.formats)],
  };
}

import type { PrintSetup } from '../orders/order-kind.js';
import type { TwoSidedSpec } from './two-sided.js';

/**
 * Two-sided pieces print in full colour on both sides of one sheet; a batch is one kind and one
 * size, so one stock and one folding setup (the render engine's format says which).
 */
export function twoSidedPrint(spec: TwoSidedSpec): PrintSetup {
  const finishingOf = (doc: Record<string, any>) => spec.formats[doc.size].finishing;
  return {
    setup: (doc) => {
      const f = finishingOf(doc);
      return {
        size: doc.size,
        color: true,
        doubleSided: true,
        mailingClass: doc.mailingClass,
        finishing: { stock: f.stock, fold: f.fold, seal: f.seal },
      };
    },
    manifestLine: (doc) => {
      const f = finishingOf(doc);
      return {
        stock: f.stock,
        fold: f.fold,
        foldsFromTopIn: f.foldsFromTopIn.join(' ') || null,
        finishedSize: `${f.finishedSizeIn.width}x${f.finishedSizeIn.height} in`,
      };
    },
    productionNotes: (doc) => finishingOf(doc).instructions,
    companions: [],
    hasCompanion: () => false,
  };
}

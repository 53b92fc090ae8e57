// Renders every [data-pdf-url] element's PDF into canvases, one per page, with pdf.js (served
// by Postroom from node_modules). Runs on page load and whenever htmx swaps a part of the page
// in (the order page swaps the PDF in once the render is done).
import * as pdfjs from './pdfjs/pdf.min.mjs';

pdfjs.GlobalWorkerOptions.workerSrc = new URL('./pdfjs/pdf.worker.min.mjs', import.meta.url).href;

async function show(el) {
  el.dataset.pdfState = 'loading';
  try {
    const pdf = await pdfjs.getDocument({ url: el.dataset.pdfUrl, isEvalSupported: false }).promise;
    el.replaceChildren();
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const width = Math.min(el.clientWidth || 600, 900);
      const viewport = page.getViewport({ scale: 1 });
      const scaled = page.getViewport({ scale: (width / viewport.width) * (window.devicePixelRatio || 1) });
      const canvas = document.createElement('canvas');
      canvas.width = Math.floor(scaled.width);
      canvas.height = Math.floor(scaled.height);
      canvas.setAttribute('role', 'img');
      canvas.setAttribute('aria-label', `Page ${n} of ${pdf.numPages}`);
      el.append(canvas);
      await page.render({ canvasContext: canvas.getContext('2d'), canvas, viewport: scaled }).promise;
    }
    el.dataset.pdfState = 'shown';
    el.dataset.pdfPages = String(pdf.numPages);
  } catch (err) {
    el.dataset.pdfState = 'failed';
    el.textContent = `The PDF could not be shown here (${err?.message ?? err}); use the link below.`;
  }
}

function showAll(root) {
  for (const el of root.querySelectorAll('[data-pdf-url]')) if (!el.dataset.pdfState) show(el);
}

showAll(document);
document.addEventListener('htmx:load', (e) => showAll(e.target));

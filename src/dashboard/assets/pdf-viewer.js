// Renders every [data-pdf-url] element's PDF into canvases, one per page, with pdf.js (served
// by Postroom from node_modules). Runs on page load and whenever htmx swaps a part of the page
// in (the order page swaps the PDF in once the render is done). An element with
// data-pdf-zones (an order's address zones, JSON: {page, pageSize, zones: [{name, label,
// zone}]}, in PDF points from the page's top-left corner) gets them drawn over that page, and
// a [data-zones-toggle] checkbox beside it shows or hides them.
import * as pdfjs from './pdfjs/pdf.min.mjs';

pdfjs.GlobalWorkerOptions.workerSrc = new URL('./pdfjs/pdf.worker.min.mjs', import.meta.url).href;

/** The zones as boxes over the page, placed in percentages of the page so they scale with it. */
function zonesOverlay(zones) {
  const overlay = document.createElement('div');
  overlay.className = 'pdf-zones';
  overlay.setAttribute('aria-hidden', 'true');
  const { width, height } = zones.pageSize;
  for (const { name, label, zone } of zones.zones) {
    const box = document.createElement('div');
    box.className = `pdf-zone pdf-zone-${name}`;
    box.dataset.zone = name;
    // CSSOM, not a style attribute: the pages' CSP allows no inline styles
    box.style.left = `${(zone.x / width) * 100}%`;
    box.style.top = `${(zone.y / height) * 100}%`;
    box.style.width = `${(zone.width / width) * 100}%`;
    box.style.height = `${(zone.height / height) * 100}%`;
    const text = document.createElement('span');
    text.textContent = label;
    box.append(text);
    overlay.append(box);
  }
  return overlay;
}

function readZones(el) {
  try {
    return el.dataset.pdfZones ? JSON.parse(el.dataset.pdfZones) : null;
  } catch {
    return null;
  }
}

async function show(el) {
  el.dataset.pdfState = 'loading';
  try {
    const pdf = await pdfjs.getDocument({ url: el.dataset.pdfUrl, isEvalSupported: false }).promise;
    const zones = readZones(el);
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
      const holder = document.createElement('div');
      holder.className = 'pdf-page';
      holder.append(canvas);
      if (zones && zones.page === n) holder.append(zonesOverlay(zones));
      el.append(holder);
      await page.render({ canvasContext: canvas.getContext('2d'), canvas, viewport: scaled }).promise;
    }
    el.dataset.pdfState = 'shown';
    el.dataset.pdfPages = String(pdf.numPages);
  } catch (err) {
    el.dataset.pdfState = 'failed';
    el.textContent = `The PDF could not be shown here (${err?.message ?? err}); use the link below.`;
  }
}

/** The checkbox is rendered hidden (it does nothing without this script) and shown here. */
function wireToggles(root) {
  for (const box of root.querySelectorAll('[data-zones-toggle]')) {
    if (box.dataset.wired) continue;
    box.dataset.wired = 'true';
    const target = document.getElementById(box.dataset.zonesToggle);
    const apply = () => target?.classList.toggle('zones-hidden', !box.checked);
    box.addEventListener('change', apply);
    apply();
    box.closest('[hidden]')?.removeAttribute('hidden');
  }
}

function showAll(root) {
  wireToggles(root);
  for (const el of root.querySelectorAll('[data-pdf-url]')) if (!el.dataset.pdfState) show(el);
}

showAll(document);
document.addEventListener('htmx:load', (e) => showAll(e.target));

// The template editor page's script (runs in the browser; bundled by editor-assets.ts).
// CodeMirror edits the HTML; every pause in typing asks the server for a preview PDF, which
// is shown in a frame; Save sends the HTML back and returns to backURL when there is one.
import { html as htmlLanguage } from '@codemirror/lang-html';
import { basicSetup, EditorView } from 'codemirror';

interface EditorConfig {
  html: string;
  title: string;
  backURL?: string;
  styles?: {
    canvas?: { backgroundColor?: string };
    panelText?: { color?: string };
    saveButton?: { backgroundColor?: string; textColor?: string };
  };
  trackers: Array<{ id: string; description?: string; redirectURLTemplate?: string }>;
  previewUrl: string;
  saveUrl: string;
  expiresAt: string;
  styleNonce: string;
}

/** How long typing must pause before a preview is asked for. */
const PREVIEW_DELAY_MS = 600;

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const config: EditorConfig = JSON.parse(byId('editor-config').textContent ?? '{}');
const status = byId<HTMLSpanElement>('status');
const saveButton = byId<HTMLButtonElement>('save');
const sizeSelect = byId<HTMLSelectElement>('size');
const frame = byId<HTMLIFrameElement>('preview');
const previewError = byId<HTMLParagraphElement>('preview-error');

applyStyles(config.styles);
byId('expires').textContent = new Date(config.expiresAt).toLocaleString();

let savedHtml = config.html;
const view = new EditorView({
  doc: config.html,
  extensions: [
    basicSetup,
    htmlLanguage(),
    // CodeMirror writes its theme into a <style> element: the page's CSP allows it by nonce.
    EditorView.cspNonce.of(config.styleNonce),
    EditorView.lineWrapping,
    EditorView.updateListener.of((update) => {
      if (!update.docChanged) return;
      showDirty();
      schedulePreview();
    }),
  ],
  parent: byId('editor'),
});
const currentHtml = () => view.state.doc.toString();

// --- preview: one request at a time; edits made meanwhile are previewed when it returns.
let timer: ReturnType<typeof setTimeout> | undefined;
let inFlight = false;
let again = false;
let shownUrl: string | undefined;
let previews = 0;

function schedulePreview(delay = PREVIEW_DELAY_MS): void {
  clearTimeout(timer);
  timer = setTimeout(() => void preview(), delay);
}

async function preview(): Promise<void> {
  if (inFlight) {
    again = true;
    return;
  }
  inFlight = true;
  again = false;
  document.body.dataset.preview = 'rendering';
  try {
    const res = await fetch(config.previewUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ html: currentHtml(), size: sizeSelect.value }),
    });
    if (!res.ok) {
      showPreviewError(await errorMessage(res));
      return;
    }
    const url = URL.createObjectURL(await res.blob());
    frame.src = `${url}#toolbar=0&navpanes=0&view=FitH`;
    if (shownUrl) URL.revokeObjectURL(shownUrl);
    shownUrl = url;
    previewError.hidden = true;
    previews++;
    document.body.dataset.previews = String(previews);
  } catch {
    showPreviewError('The preview could not be loaded; check the connection.');
  } finally {
    inFlight = false;
    document.body.dataset.preview = 'idle';
    if (again) void preview();
  }
}

function showPreviewError(message: string): void {
  previewError.textContent = message;
  previewError.hidden = false;
}

async function errorMessage(res: Response): Promise<string> {
  const body = await res.json().catch(() => undefined);
  const message = body?.error?.message ?? `The server answered ${res.status}.`;
  if (res.status === 401 || res.status === 410) lockEditor(message);
  return message;
}

// --- save
async function save(): Promise<void> {
  saveButton.disabled = true;
  setStatus('Saving…');
  const html = currentHtml();
  try {
    const res = await fetch(config.saveUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ html }),
    });
    if (!res.ok) {
      setStatus(await errorMessage(res), 'error');
      saveButton.disabled = false;
      return;
    }
    savedHtml = html;
    document.body.dataset.saved = 'true';
    if (config.backURL) {
      setStatus('Saved. Returning…', 'ok');
      window.location.assign(config.backURL);
      return;
    }
    setStatus('Saved', 'ok');
  } catch {
    setStatus('Not saved: the server could not be reached.', 'error');
    saveButton.disabled = false;
  }
}

function showDirty(): void {
  const dirty = currentHtml() !== savedHtml;
  saveButton.disabled = !dirty;
  setStatus(dirty ? 'Unsaved changes' : 'No changes');
}

function setStatus(text: string, tone: 'ok' | 'error' | '' = ''): void {
  status.textContent = text;
  status.dataset.tone = tone;
}

/** An expired or revoked link: nothing more can be saved from this page. */
function lockEditor(message: string): void {
  setStatus(message, 'error');
  saveButton.disabled = true;
  saveButton.hidden = true;
  view.contentDOM.setAttribute('contenteditable', 'false');
}

// --- trackers: each can be inserted as its link or as a QR code image.
function listTrackers(): void {
  if (config.trackers.length === 0) return;
  const list = byId<HTMLUListElement>('tracker-list');
  for (const tracker of config.trackers) {
    const item = document.createElement('li');
    const label = document.createElement('span');
    label.textContent = tracker.description ?? tracker.redirectURLTemplate ?? tracker.id;
    label.title = tracker.id;
    item.append(
      label,
      insertButton('Link', `{{${tracker.id}}}`),
      insertButton(
        'QR code',
        `<img src="{{${tracker.id}.qrcode}}" alt="QR code" style="width:1in;height:1in">`,
      ),
    );
    list.append(item);
  }
  byId('trackers').hidden = false;
}

function insertButton(label: string, text: string): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'secondary small';
  button.textContent = label;
  button.addEventListener('click', () => {
    view.dispatch(view.state.replaceSelection(text));
    view.focus();
  });
  return button;
}

/** The session's colours, as CSS properties (set through the DOM, which the page's CSP allows). */
function applyStyles(styles: EditorConfig['styles']): void {
  const root = document.documentElement.style;
  const set = (name: string, value: string | undefined) => value && root.setProperty(name, value);
  set('--canvas-bg', styles?.canvas?.backgroundColor);
  set('--panel-text', styles?.panelText?.color);
  set('--save-bg', styles?.saveButton?.backgroundColor);
  set('--save-text', styles?.saveButton?.textColor);
}

saveButton.addEventListener('click', () => void save());
sizeSelect.addEventListener('change', () => schedulePreview(0));
document.getElementById('back')?.addEventListener('click', () => {
  if (config.backURL) window.location.assign(config.backURL);
});
document.addEventListener('keydown', (event) => {
  if ((event.ctrlKey || event.metaKey) && event.key === 's') {
    event.preventDefault();
    if (!saveButton.disabled) void save();
  }
});
listTrackers();
setStatus('No changes');
document.body.dataset.ready = 'true';
schedulePreview(0);

// Copy buttons: <button type="button" data-copy="ID" hidden> copies the text of the element with
// that id. The buttons are rendered hidden and shown here, so without this script the page
// shows no button that does nothing. Where the clipboard API is missing (plain HTTP away from
// localhost) or refused, the text is selected instead so the keyboard can copy it. What
// happened is said in the button's [data-copy-status] element (aria-live), for screen readers.

function selectText(el) {
  const range = document.createRange();
  range.selectNodeContents(el);
  const selection = window.getSelection();
  selection.removeAllRanges();
  selection.addRange(range);
}

function say(button, message) {
  const status = document.getElementById(button.dataset.copyStatus ?? '');
  if (!status) return;
  // Emptied first, so the same message twice is announced twice.
  status.textContent = '';
  setTimeout(() => {
    status.textContent = message;
  }, 50);
}

async function copy(button) {
  const target = document.getElementById(button.dataset.copy);
  if (!target) return;
  const text = target.textContent.trim();
  try {
    if (!navigator.clipboard?.writeText) throw new Error('no clipboard API here');
    await navigator.clipboard.writeText(text);
    button.dataset.copied = 'clipboard';
    say(button, 'Copied');
  } catch {
    selectText(target);
    button.dataset.copied = 'selected';
    say(button, 'Selected: press Ctrl+C (⌘C on a Mac) to copy');
  }
}

function showButtons(root) {
  for (const button of root.querySelectorAll('button[data-copy]')) button.hidden = false;
}

document.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest('button[data-copy]') : null;
  if (button) copy(button);
});
document.addEventListener('htmx:afterSwap', (event) => showButtons(event.target));
showButtons(document);

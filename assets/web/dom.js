/**
 * Small helpers to build the page's elements. Text is always set with textContent: a name
 * from the wire is shown as its characters, never read as markup.
 */

/**
 * A new element with a class and a text.
 * @param {string} tag
 * @param {string} [className]
 * @param {string} [text]
 * @returns {HTMLElement}
 */
export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * A button that does `action` (data-action) or moves the bid by `step` (data-step).
 * @param {string} label
 * @param {{action?: string, step?: string, primary?: boolean, disabled?: boolean}} options
 * @returns {HTMLButtonElement}
 */
export function button(label, { action, step, primary = false, disabled = false }) {
  const b = /** @type {HTMLButtonElement} */ (el("button", primary ? "primary" : "", label));
  b.type = "button";
  if (action) b.dataset.action = action;
  if (step) b.dataset.step = step;
  b.disabled = disabled;
  return b;
}

/**
 * The element of id `id`.
 * @param {string} id
 * @returns {HTMLElement}
 */
export function byId(id) {
  const node = document.getElementById(id);
  if (!node) throw new Error(`no #${id} on the page`);
  return node;
}

/**
 * Set an element's text, only when it changed (so that a screen reader is not told twice).
 * @param {HTMLElement} node
 * @param {string} text
 */
export function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

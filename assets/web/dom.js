// @ts-check
/**
 * The few ways the page makes and changes its elements. Text is always set with textContent: a
 * name from the wire is shown as its characters, never read as markup.
 */

const SVG_NS = "http://www.w3.org/2000/svg";

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
 * A new SVG element with its attributes (presentation attributes only: the page's policy allows
 * no style attribute).
 * @param {string} tag
 * @param {Record<string, string | number>} [attrs]
 * @returns {SVGElement}
 */
export function svg(tag, attrs = {}) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
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
 * @param {Element} node
 * @param {string} text
 */
export function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

/** Whether the person asked their system for less motion (then nothing on the page moves by itself). */
export function reducedMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

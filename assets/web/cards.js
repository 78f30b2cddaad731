// @ts-check
/**
 * Cards drawn on the page itself: a rank and a suit drawn in SVG, red or black. A card's
 * code is the deal log's: rank A 2 3 4 5 6 7 9 10 J Q K, suit S H D C ("10H", "6H").
 */

/** The suits' symbols, by letter. @type {Record<string, string>} */
export const SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };

const SVG = "http://www.w3.org/2000/svg";

/**
 * Each suit drawn in a 100 x 100 box: its shapes' tags and attributes.
 * @type {Record<string, [string, Record<string, string>][]>}
 */
const SUIT_SHAPES = {
  H: [["path", { d: "M50 90 C22 66 4 48 4 29 C4 14 15 4 29 4 C39 4 46 10 50 19 C54 10 61 4 71 4 C85 4 96 14 96 29 C96 48 78 66 50 90 Z" }]],
  D: [["path", { d: "M50 3 L87 50 L50 97 L13 50 Z" }]],
  S: [["path", { d: "M50 4 C78 30 96 45 96 62 C96 76 86 84 74 84 C65 84 58 80 54 73 C55 83 59 91 67 97 L33 97 C41 91 45 83 46 73 C42 80 35 84 26 84 C14 84 4 76 4 62 C4 45 22 30 50 4 Z" }]],
  C: [
    ["circle", { cx: "50", cy: "27", r: "21" }],
    ["circle", { cx: "26", cy: "59", r: "21" }],
    ["circle", { cx: "74", cy: "59", r: "21" }],
    ["path", { d: "M45 50 L55 50 C55 75 59 88 68 97 L32 97 C41 88 45 75 45 50 Z" }],
  ],
};

/**
 * The rank and the suit of a card's code.
 * @param {string} code
 * @returns {{rank: string, suit: string}}
 */
export function parseCard(code) {
  return { rank: code.slice(0, -1), suit: code.slice(-1) };
}

/**
 * An SVG drawing of a suit.
 * @param {string} suit S, H, D or C
 * @returns {SVGSVGElement}
 */
function suitIcon(suit) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 100 100");
  svg.setAttribute("aria-hidden", "true");
  svg.classList.add("suit");
  for (const [tag, attrs] of SUIT_SHAPES[suit] || []) {
    const shape = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) shape.setAttribute(k, v);
    svg.append(shape);
  }
  return svg;
}

/**
 * A face-up card: `<div class="card red" data-card="10H">` with its rank and suit.
 * @param {string} code
 * @returns {HTMLElement}
 */
export function cardElement(code) {
  const { rank, suit } = parseCard(code);
  const card = document.createElement("div");
  card.className = `card ${suit === "H" || suit === "D" ? "red" : "black"}`;
  card.dataset.card = code;
  card.setAttribute("role", "img");
  card.setAttribute("aria-label", rank + SUIT_SYMBOLS[suit]);
  const corner = document.createElement("span");
  corner.className = "corner";
  const r = document.createElement("span");
  r.className = "rank";
  r.textContent = rank;
  corner.append(r, suitIcon(suit));
  const middle = suitIcon(suit);
  middle.classList.add("pip");
  card.append(corner, middle);
  return card;
}

/**
 * A face-down card.
 * @returns {HTMLElement}
 */
export function backElement() {
  const card = document.createElement("div");
  card.className = "card back";
  card.setAttribute("aria-hidden", "true");
  return card;
}

// @ts-check
/**
 * The chips chart of the ledger and the final standings, as the window's ledger draws it
 * (scenes/table/ledger.py): a line per seat through its chips at the game's start and after
 * each settled deal, in the seat's colour and with its mark at each point (colours alone
 * cannot keep ten seats apart). Drawn in SVG, styled by style.css (.c0 … .c9).
 */

import { _, num } from "./i18n.js";
import { svg } from "./dom.js";

/** The mark of each seat: seat s has MARKS[s % 5], filled for the first five, hollow for the next. */
export const MARKS = ["circle", "square", "up", "diamond", "down"];

const W = 360;
const H = 200;
const PLOT = { left: 44, right: 350, top: 12, bottom: 168 };

/**
 * Seat `seat`'s mark of radius `r` at (x, y).
 * @param {number} seat
 * @param {number} x
 * @param {number} y
 * @param {number} r
 * @returns {SVGElement}
 */
function mark(seat, x, y, r) {
  const shape = MARKS[seat % MARKS.length];
  const cls = `point c${seat % 10}${seat >= MARKS.length ? " hollow" : ""}`;
  if (shape === "circle") return svg("circle", { cx: x, cy: y, r, class: cls });
  if (shape === "square") return svg("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, class: cls });
  /** @type {Record<string, number[][]>} */
  const shapes = {
    up: [[x, y - r], [x + r, y + r], [x - r, y + r]],
    down: [[x, y + r], [x + r, y - r], [x - r, y - r]],
    diamond: [[x, y - r], [x + r, y], [x, y + r], [x - r, y]],
  };
  return svg("polygon", { points: shapes[shape].map((p) => p.map(round).join(",")).join(" "), class: cls });
}

/** @param {number} v */
function round(v) {
  return Math.round(v * 10) / 10;
}

/**
 * A seat's colour and mark, small, beside its name (the chart's key).
 * @param {number} seat
 * @returns {SVGElement}
 */
export function seatKey(seat) {
  const key = svg("svg", { viewBox: "0 0 12 12", class: "key", "aria-hidden": "true" });
  key.append(mark(seat, 6, 6, 4.5));
  return key;
}

/**
 * The chart of `history` (one row of every seat's chips per moment: the start, then each deal);
 * null when no deal is settled yet.
 * @param {number[][]} history
 * @param {number|null} me the page's own seat, drawn thicker
 * @param {string} title what the chart shows, for a screen reader
 * @returns {SVGElement|null}
 */
export function chipsChart(history, me, title) {
  const deals = history.length - 1;
  if (deals < 1) return null;
  const all = history.flat();
  let top = Math.max(...all);
  let low = Math.min(...all);
  const margin = Math.max(2, Math.floor((top - low) / 10));
  top += margin;
  low = Math.max(0, low - margin);
  const span = Math.max(1, top - low);
  const w = PLOT.right - PLOT.left;
  const h = PLOT.bottom - PLOT.top;
  const chart = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "chart-svg", role: "img", "aria-label": title });
  chart.append(
    svg("line", { x1: PLOT.left, y1: PLOT.bottom, x2: PLOT.right, y2: PLOT.bottom, class: "axis" }),
    svg("line", { x1: PLOT.left, y1: PLOT.bottom, x2: PLOT.left, y2: PLOT.top, class: "axis" }),
  );
  /** @type {[string, number, number, string][]} the axis' words: text, x, y, anchor */
  const labels = [
    [num(top), PLOT.left - 5, PLOT.top + 4, "end"],
    [num(low), PLOT.left - 5, PLOT.bottom, "end"],
    [_("deals"), PLOT.right, H - 2, "end"],
  ];
  // The deals' numbers under the axis, as many as stay apart.
  const every = Math.max(1, Math.ceil(deals / 8));
  for (let d = 0; d <= deals; d += every) {
    if (d > 0) labels.push([num(d), PLOT.left + (w * d) / deals, PLOT.bottom + 14, "middle"]);
  }
  for (const [text, x, y, anchor] of labels) {
    const t = svg("text", { x: round(x), y: round(y), "text-anchor": anchor, class: "label" });
    t.textContent = text;
    chart.append(t);
  }
  const seats = history[0].length;
  const step = w / deals;
  const r = 3.2;
  const marked = step >= 4 * r;
  // Equal lines would hide one another: each is drawn a little off the next.
  const order = [...Array(seats).keys()].filter((s) => s !== me);
  if (me !== null && me < seats) order.push(me); // the page's own line on top
  for (const seat of order) {
    const offset = (seat - (seats - 1) / 2) * 0.9;
    const points = history.map((row, i) => [PLOT.left + (w * i) / deals, PLOT.bottom - (h * (row[seat] - low)) / span + offset]);
    const line = svg("polyline", {
      points: points.map((p) => p.map(round).join(",")).join(" "),
      class: `line c${seat % 10}${seat === me ? " mine" : ""}`,
    });
    line.dataset.seat = String(seat);
    chart.append(line);
    for (const [x, y] of marked ? points : points.slice(-1)) chart.append(mark(seat, x, y, r));
  }
  return chart;
}

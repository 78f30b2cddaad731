// @ts-check
/**
 * Drawing the page from a state (see state.js): the body's data-* hooks, then the screen
 * shown. Every screen is drawn again whole after each message; the countdowns alone tick
 * between messages (see tick).
 */

import { _, colon, num, pgettext } from "./i18n.js";
import { cardElement } from "./cards.js";
import { eyesOf, places } from "./state.js";
import { drawWord, farmerRole, gameOverTitle, headline, joinNames, potName, reasonWord, rulesLabel, standWord } from "./words.js";
import { byId, el, reducedMotion, setText } from "./dom.js";
import { drawRound, whoElement } from "./round.js";
import { chipsChart } from "./chart.js";
import { storyLines } from "./story.js";
import { redrawAlerts } from "./alert.js";

export { byId, setText };

/** @typedef {import("./state.js").State} State */
/** @typedef {import("./state.js").Ledger} Ledger */
/** @typedef {import("./state.js").Change} Change */
/** @typedef {import("./types.js").View} View */
/** @typedef {import("./types.js").TableSeat} TableSeat */

// --- elements --------------------------------------------------------------------------------

/**
 * A button that does `action` (data-action) or moves the bid by `step` (data-step).
 * @param {string} label
 * @param {{action?: string, step?: string, primary?: boolean, disabled?: boolean}} options
 * @returns {HTMLButtonElement}
 */
function button(label, { action, step, primary = false, disabled = false }) {
  const b = /** @type {HTMLButtonElement} */ (el("button", primary ? "primary" : "", label));
  b.type = "button";
  if (action) b.dataset.action = action;
  if (step) b.dataset.step = step;
  b.disabled = disabled;
  return b;
}

/** What each box of buttons was last filled with: the markup of its children as they were built. */
const filled = new WeakMap();

/**
 * Fill `box` with `nodes`, unless it holds the same already: a message that changes nothing there
 * leaves the buttons be, so that a press begun on one (the finger still down) is not lost.
 * @param {HTMLElement} box
 * @param {Node[]} nodes
 */
function fill(box, nodes) {
  const built = document.createElement("div");
  built.append(...nodes);
  if (filled.get(box) === built.innerHTML) return;
  filled.set(box, built.innerHTML);
  box.replaceChildren(...built.childNodes);
}

// --- the screens -------------------------------------------------------------------------------

const MINUS = "\u2212";

/** Each screen's buttons, taken away while another screen shows (a hidden button is no choice). */
const CONTROLS = [
  ["lobby", "lobby-actions"],
  ["table", "actions"],
  ["ledger", "ledger-actions"],
  ["over", "over-actions"],
  ["closed", "closed-actions"],
];

/**
 * A signed number of chips: +3, −3, 0.
 * @param {number} n
 */
export function signed(n) {
  if (n > 0) return `+${num(n)}`;
  if (n < 0) return MINUS + num(-n);
  return "0";
}

/**
 * Draw `state` on the page.
 * @param {State} state see state.js
 * @param {{screen: string, connected: boolean, kept: boolean, closedMessage: string}} page
 */
export function render(state, page) {
  const body = document.body;
  const v = state.view;
  if (body.dataset.screen !== page.screen) window.scrollTo(0, 0); // a new screen is read from its top
  body.dataset.screen = page.screen;
  body.dataset.connected = String(page.connected);
  body.dataset.seq = String(state.seq);
  body.dataset.deal = v ? String(v.deal_no) : "";
  body.dataset.phase = v ? v.phase : "";
  body.dataset.seat = state.seat === null ? "" : String(state.seat);
  // The page's seat is to act: the glow (style.css) on its seat and its choices.
  body.dataset.mine = String(page.screen === "table" && !!v && state.seat !== null && v.to_act === state.seat);
  const game = pgettext("game name", "Farmer");
  setText(byId("game-name"), game);
  if (document.title !== game) document.title = game;
  for (const [screen, id] of CONTROLS) {
    if (screen !== page.screen) fill(byId(id), []);
  }
  drawBar(state);
  redrawAlerts();
  if (page.screen === "join") drawJoin(page.kept);
  else if (page.screen === "lobby") drawLobby(state);
  else if (page.screen === "table") drawTable(state);
  else if (page.screen === "ledger") drawLedger(state);
  else if (page.screen === "over") drawOver(state);
  else if (page.screen === "closed") drawClosed(page.closedMessage);
  tick(state);
}

/**
 * The bar: the game's name until a deal is dealt, then the deal and the farm in its place (a
 * phone's width holds one or the other on one line, in every language).
 * @param {State} state
 */
function drawBar(state) {
  const v = state.view;
  const farm = byId("farm");
  const deal = byId("deal-no");
  const dealText = !v || v.deal_no < 1 ? "" : v.max_deals
    ? _("Deal {n} of {m}", { n: v.deal_no, m: v.max_deals })
    : _("Deal {n}", { n: v.deal_no });
  setText(deal, dealText);
  setText(farm, v ? _("{pot}: {n}", { pot: potName(v.rules), n: num(v.farm) }) : "");
  farm.dataset.chips = String(v ? v.farm : 0);
  byId("game-name").hidden = dealText !== "";
}

/** @param {boolean} kept */
function drawJoin(kept) {
  setText(byId("join-title"), pgettext("game name", "Farmer"));
  setText(byId("name-label"), _("Your name"));
  setText(byId("code-label"), _("Table code"));
  setText(byId("join"), kept ? _("Take my seat back") : _("Join"));
}

/** @param {State} state */
function drawLobby(state) {
  const t = /** @type {import("./types.js").TableInfo} */ (state.table); // the lobby has a table (screenOf)
  byId("hand").dataset.cards = ""; // the game's first cards will be dealt to this page as it watches
  setText(byId("lobby-title"), _("Table {code}", { code: t.code }));
  setText(byId("lobby-rules"), rulesLabel(t.settings?.rules || "foster"));
  setText(byId("lobby-friends"), _("Friends join at {address} with the code {code}.", { address: location.host, code: t.code }));
  setText(byId("lobby-fixed"), t.fixed_deck ? _("The deck is fixed: whoever chose its seed knows every card.") : "");
  const list = byId("lobby-seats");
  list.replaceChildren();
  for (const seat of t.seats) {
    const item = el("li", seat.seat === state.seat ? "you" : "");
    item.dataset.seat = String(seat.seat);
    item.dataset.person = String(seat.person);
    const who = seat.person ? seat.name : _("{name} (the computer, until someone joins)", { name: seat.name });
    item.append(el("span", "name", who));
    const parts = [];
    if (seat.person && seat.host) parts.push(_("host"));
    if (seat.person && !seat.connected) parts.push(_("away"));
    const note = parts.join(" · ");
    if (note) item.append(el("span", "note", note));
    list.append(item);
  }
  const me = t.seats.find((s) => s.seat === state.seat);
  const hosting = !!me && me.host;
  setText(byId("lobby-wait"), hosting
    ? _("Start when everyone is seated: the computer plays the empty seats.")
    : _("Waiting for the host to start the game…"));
  const actions = [button(_("Leave the table"), { action: "leave" })];
  if (hosting) actions.unshift(button(_("Start the game"), { action: "start", primary: true }));
  fill(byId("lobby-actions"), actions);
}

/** @param {State} state */
function drawTable(state) {
  const v = /** @type {View} */ (state.view); // the screens past the lobby have a view (screenOf)
  drawRound(byId("seats"), state);
  setText(byId("said"), state.said);
  // The player's own prompt says it again (the bid to beat, the total): on a phone, room for the seats.
  byId("said").hidden = v.to_act === state.seat && state.seat !== null;
  const role = roleText(state);
  byId("mine").hidden = v.hand.length === 0 && !role;
  byId("total-box").hidden = v.hand.length === 0;
  const total = byId("total");
  total.dataset.total = String(v.total);
  setText(total, num(v.total));
  total.classList.toggle("sixteen", v.total === 16);
  total.classList.toggle("over", v.total > 16);
  // Translators: over the big number of the player's own hand on a phone (the sum of its cards).
  setText(byId("total-label"), colon(_("Total")));
  setText(byId("role"), role);
  drawActions(state);
  drawHand(byId("hand"), v.hand); // last: the cards dealt come from where the deck is once all is drawn
}

/** @param {State} state */
function roleText(state) {
  const v = /** @type {View} */ (state.view); // the screens past the lobby have a view (screenOf)
  if (v.farmer === state.seat && v.phase === "play") {
    return farmerRole(v.rules);
  }
  if (v.total > 16) return _("Over 16: you stop, and wait for the showdown.");
  return "";
}

/**
 * The page's own cards: the cards it did not show before are dealt to it (they come from the
 * deck in the middle and turn face up, one after the other), unless the person asked for less
 * motion; a page just opened shows its hand as it is.
 * @param {HTMLElement} hand #hand
 * @param {string[]} cards
 */
function drawHand(hand, cards) {
  const codes = cards.join(" ");
  if (hand.dataset.cards === codes) return;
  const before = hand.dataset.cards === undefined ? null : new Set(hand.dataset.cards.split(" "));
  const made = cards.map(cardElement);
  hand.replaceChildren(...made);
  hand.dataset.cards = codes;
  hand.style.setProperty("--n", String(Math.max(cards.length, 1)));
  if (before === null || reducedMotion()) return;
  const deck = document.getElementById("deck");
  const from = deck ? deck.getBoundingClientRect() : null;
  let order = 0;
  made.forEach((card, i) => {
    if (before.has(cards[i])) return;
    const to = card.getBoundingClientRect();
    // From the deck in the middle of the felt (or from above, when no deck shows) to its place.
    const dx = from ? from.left + from.width / 2 - (to.left + to.width / 2) : 0;
    const dy = from ? from.top + from.height / 2 - (to.top + to.height / 2) : -to.height;
    card.style.setProperty("--dx", `${Math.round(dx)}px`);
    card.style.setProperty("--dy", `${Math.round(dy)}px`);
    card.style.setProperty("--i", String(order));
    card.classList.add("dealt");
    const landed = () => card.classList.remove("dealt");
    card.addEventListener("animationend", landed, { once: true });
    card.addEventListener("animationcancel", landed, { once: true });
    order += 1;
  });
}

/** @param {State} state */
function drawActions(state) {
  const v = /** @type {View} */ (state.view); // the screens past the lobby have a view (screenOf)
  const box = byId("actions");
  const mine = v.to_act === state.seat && state.seat !== null;
  box.hidden = !mine;
  const waiting = state.pending !== null;
  /** @type {HTMLElement[]} */
  let choices = [];
  if (mine && v.phase === "auction") choices = bidChoices(state, waiting);
  else if (mine && v.phase === "play") choices = playChoices(state, waiting);
  fill(box, mine ? [...choices, clockElement("clock")] : []);
}

/**
 * The amount to bid, brought within the rules and the chips held (the window's set_amount).
 * @param {View} view
 * @param {number} amount
 * @returns {number}
 */
export function clampBid(view, amount) {
  return Math.max(view.high_bid + 1, Math.min(view.max_bid, amount));
}

/**
 * The auction's prompt and choices: the amount, the steps to move it, bid and pass.
 * @param {State} state
 * @param {boolean} waiting an action was sent and not yet answered
 * @returns {HTMLElement[]}
 */
function bidChoices(state, waiting) {
  const v = /** @type {View} */ (state.view); // the screens past the lobby have a view (screenOf)
  const canBid = v.max_bid > v.high_bid;
  let prompt;
  if (!canBid) prompt = _("The bid is {n}: more than you hold. You can only pass.", { n: v.high_bid });
  else if (v.high_bidder === null) prompt = _("Your bid for a farm of {farm}? (you hold {chips})", { farm: v.farm, chips: v.max_bid });
  else prompt = _("{name} bids {n}. Your bid? (you hold {chips})", { name: v.names[v.high_bidder], n: v.high_bid, chips: v.max_bid });
  const nodes = [el("p", "prompt", prompt)];
  if (canBid) {
    const amount = state.amount;
    const low = amount <= v.high_bid + 1;
    const high = amount >= v.max_bid;
    const row = el("div", "steps");
    const shown = el("output", "amount", num(amount));
    shown.id = "bid-amount";
    shown.dataset.amount = String(amount);
    row.append(
      button(MINUS, { step: "-1", disabled: waiting || low }),
      shown,
      button("+", { step: "1", disabled: waiting || high }),
    );
    const more = el("div", "steps");
    more.append(
      button("+5", { step: "5", disabled: waiting || high }),
      button("+10", { step: "10", disabled: waiting || high }),
      button(_("Max"), { step: "max", disabled: waiting || high }),
    );
    nodes.push(row, more);
  }
  const go = el("div", "choices");
  if (canBid) go.append(button(_("Bid {n}", { n: num(state.amount) }), { action: "bid", primary: true, disabled: waiting }));
  go.append(button(_("Pass"), { action: "pass", disabled: waiting }));
  return [...nodes, go];
}

/**
 * The play's prompt and choices: draw, stand.
 * @param {State} state
 * @param {boolean} waiting an action was sent and not yet answered
 * @returns {HTMLElement[]}
 */
function playChoices(state, waiting) {
  const v = /** @type {View} */ (state.view); // the screens past the lobby have a view (screenOf)
  let prompt;
  if (v.must_draw) prompt = _("You have {n}. You must take one more card.", { n: v.total });
  else if (v.deck_size === 0) prompt = _("You have {n}. The deck is empty.", { n: v.total });
  else prompt = _("You have {n}. Another card?", { n: v.total });
  const go = el("div", "choices");
  if (v.deck_size > 0) go.append(button(drawWord(), { action: "draw", primary: true, disabled: waiting }));
  if (!v.must_draw) go.append(button(standWord(v.rules), { action: "stand", disabled: waiting }));
  return [el("p", "prompt", prompt), go];
}

/** @param {State} state */
function drawLedger(state) {
  const v = /** @type {View} */ (state.view); // the screens past the lobby have a view (screenOf)
  const ledger = /** @type {Ledger} */ (state.ledger); // the ledger screen has one (screenOf)
  setText(byId("ledger-title"), _("Deal {n} settled", { n: ledger.deal }));
  fillLedger(byId("ledger"), state);
  setText(byId("ledger-note"), state.said);
  const next = v.deal_no + 1;
  const label = v.max_deals ? _("Continue: deal {n} of {m}", { n: next, m: v.max_deals }) : _("Continue");
  fill(byId("ledger-actions"), [
    button(label, { action: "ready", primary: true, disabled: state.readyFor === next }),
    clockElement("pause-clock"),
  ]);
  drawChart(byId("ledger-chart"), state);
  drawStory(state);
  const names = (state.pause?.waiting || []).filter((s) => s !== state.seat).map((s) => v.names[s]);
  // Translators: between deals, those the next deal waits for; {names} is a list ("Anna and Ben").
  setText(byId("waiting"), state.readyFor === next && names.length ? _("Waiting for {names}…", { names: joinNames(names) }) : "");
}

/**
 * The rows of a deal's ledger: each seat's shown hand, change and chips, and why.
 * @param {HTMLElement} list
 * @param {State} state
 */
function fillLedger(list, state) {
  const v = /** @type {View} */ (state.view); // the screens past the lobby have a view (screenOf)
  const ledger = /** @type {Ledger} */ (state.ledger); // drawn only when there is one
  list.replaceChildren();
  v.names.forEach((name, seat) => {
    const after = ledger.after[seat];
    const change = ledger.before ? after - ledger.before[seat] : sumChanges(ledger.changes, seat);
    const item = el("li", seat === state.seat ? "row you" : "row");
    item.dataset.seat = String(seat);
    item.dataset.change = String(change);
    const top = el("div", "line");
    top.append(whoElement(name, v.farmer === seat, seat));
    top.append(el("span", `change ${change > 0 ? "up" : change < 0 ? "down" : ""}`, signed(change)));
    top.append(el("span", "chips", num(after)));
    item.append(top);
    const shown = state.shown[seat] || (v.shown_hands ? { cards: v.shown_hands[seat] || [], total: null } : null);
    if (shown && shown.cards.length) {
      const hand = el("div", "mini");
      hand.append(...shown.cards.map(cardElement));
      if (shown.total !== null) hand.append(el("span", `total ${shown.total === 16 ? "sixteen" : shown.total > 16 ? "over" : ""}`, num(shown.total)));
      item.append(hand);
    }
    const parts = whyParts(ledger, seat, change, v.rules);
    if (parts.length) item.append(whyElement(parts));
    list.append(item);
  });
}

/**
 * @param {Change[]} changes
 * @param {number} seat
 */
function sumChanges(changes, seat) {
  return changes.filter((c) => c.seat === seat).reduce((a, c) => a + c.amount, 0);
}

/**
 * A seat's payments of the deal, alike ones merged ("+1 nearest ×9"), as the window's Why.
 * @param {Ledger} ledger
 * @param {number} seat
 * @param {number} change the seat's whole change in the deal
 * @param {string} rules
 * @returns {string[]}
 */
function whyParts(ledger, seat, change, rules) {
  /** @type {Map<string, number>} */
  const merged = new Map();
  for (const c of ledger.changes) {
    if (c.seat !== seat) continue;
    const part = `${signed(c.amount)} ${reasonWord(c.reason, rules)}`;
    merged.set(part, (merged.get(part) || 0) + 1);
  }
  const parts = [...merged].map(([k, n]) => (n > 1 ? `${k} ×${n}` : k));
  const unseen = change - sumChanges(ledger.changes, seat);
  // Translators: in a deal's ledger, what a phone that lost its connection did not see being paid.
  const missed = ledger.away ? _("while you were away") : _("before you came");
  if (unseen) parts.unshift(`${signed(unseen)} ${missed}`);
  return parts;
}

/**
 * A seat's Why: its parts separated by commas, a line broken between parts, never inside one.
 * @param {string[]} parts
 */
function whyElement(parts) {
  const why = el("div", "why");
  parts.forEach((part, i) => why.append(el("span", "part", i < parts.length - 1 ? `${part},` : part), " "));
  return why;
}

/** @param {State} state */
function drawOver(state) {
  const v = /** @type {View} */ (state.view); // the screens past the lobby have a view (screenOf)
  const eyes = eyesOf(state);
  const result = /** @type {import("./types.js").Result} */ (state.result); // the over screen has one
  setText(byId("over-title"), gameOverTitle(result, eyes));
  const list = byId("standings");
  list.replaceChildren();
  const ranks = places(result.standings);
  const start = state.history.length ? state.history[0] : null;
  const order = result.standings.map((_c, s) => s).sort((a, b) => result.standings[b] - result.standings[a] || a - b);
  for (const seat of order) {
    const chips = result.standings[seat];
    const item = el("li", seat === state.seat ? "row you" : "row");
    item.dataset.seat = String(seat);
    item.dataset.chips = String(chips);
    item.dataset.rank = String(ranks[seat].place);
    const line = el("div", "line");
    line.append(el("span", "place", ranks[seat].label), whoElement(v.names[seat], false, seat));
    if (start) {
      const change = chips - start[seat];
      line.append(el("span", `change ${change > 0 ? "up" : change < 0 ? "down" : ""}`, signed(change)));
    }
    line.append(el("span", "chips", num(chips)));
    item.append(line);
    list.append(item);
  }
  drawChart(byId("over-chart"), state);
  const last = byId("over-ledger");
  last.hidden = !state.ledger;
  if (state.ledger) {
    setText(byId("over-ledger-title"), _("Deal {n} settled", { n: state.ledger.deal }));
    fillLedger(byId("over-ledger-rows"), state);
  }
  const farmNote = v.farm > 0 && v.farmer !== null ? headline({ type: "GameEnded", ...result }, eyes, { farm: v.farm, farmer: v.farmer, over: true }) : "";
  setText(byId("over-note"), farmNote || "");
  fill(byId("over-actions"), [button(_("Join a table"), { action: "again", primary: true })]);
}

/**
 * The chips chart in `box` (a section with an h2 and a .chart-box), drawn again only when the
 * chips it shows changed; hidden until a deal is settled.
 * @param {HTMLElement} box
 * @param {State} state
 */
function drawChart(box, state) {
  // Translators: the title of the chart of every player's chips after each deal, on a phone.
  const title = _("Chips after each deal");
  const title2 = box.querySelector("h2");
  if (title2) setText(title2, title);
  // Rows are only ever added, or all replaced by a whole state: their number and ends say them.
  const rows = state.history;
  const key = JSON.stringify([rows.length, rows[0], rows[rows.length - 1], state.seat, title]);
  if (box.dataset.drawn === key) return;
  box.dataset.drawn = key;
  const chart = chipsChart(state.history, state.seat, title);
  const area = box.querySelector(".chart-box");
  if (area) area.replaceChildren(...(chart ? [chart] : []));
  box.hidden = !chart;
  box.dataset.deals = String(Math.max(0, state.history.length - 1));
}

/**
 * The deal's story at the ledger, line by line, as this page saw it (nothing when it came back
 * after the deal: it saw none of it).
 * @param {State} state
 */
function drawStory(state) {
  const v = /** @type {View} */ (state.view); // the ledger has a view (screenOf)
  const lines = storyLines(state.seen || [], eyesOf(state), { farm: v.farm, farmer: v.farmer, over: v.phase === "over" });
  const story = byId("story");
  story.hidden = lines.length === 0;
  setText(byId("story-title"), _("History"));
  const list = byId("story-lines");
  const text = lines.join("\n");
  if (list.dataset.text === text) return;
  list.dataset.text = text;
  list.replaceChildren(...lines.map((line) => el("li", "", line)));
}

/** @param {string} message */
function drawClosed(message) {
  setText(byId("closed-message"), message);
  fill(byId("closed-actions"), [button(_("Join a table"), { action: "again", primary: true })]);
}

/**
 * Move the countdowns on: the seconds left to act (a `turn` message) and before the next deal
 * starts without those not yet ready (a `pause` message).
 * @param {State} state
 */
export function tick(state) {
  const turn = state.turn && state.turn.seat === state.seat ? state.turn : null;
  const pause = state.pause && state.view && state.pause.deal === state.view.deal_no + 1 ? state.pause : null;
  // Translators: the bar counting down your turn; {time} is minutes and seconds ("4:59").
  countdown(document.getElementById("clock"), turn, 10, (time) => _("{time} left to decide", { time }));
  // Translators: the bar counting down between deals; {time} is minutes and seconds ("1:58").
  countdown(document.getElementById("pause-clock"), pause, 5, (time) => _("Next deal in {time}", { time }));
}

/**
 * @param {HTMLElement|null} clock
 * @param {{seconds: number, at: number}|null} from
 * @param {number} late seconds left from which the bar turns red
 * @param {(time: string) => string} words the sentence around the time left
 */
function countdown(clock, from, late, words) {
  if (!clock) return;
  clock.hidden = !from;
  if (!from) return;
  const left = Math.max(0, from.seconds - (performance.now() - from.at) / 1000);
  setText(/** @type {HTMLElement} */ (clock.querySelector(".seconds")), words(minutes(Math.ceil(left))));
  /** @type {HTMLElement} */ (clock.querySelector(".bar")).style.width = `${from.seconds ? Math.min(100, (left / from.seconds) * 100) : 0}%`;
  clock.classList.toggle("late", left < late);
}

/**
 * Whole seconds as minutes and seconds, the minutes written as the language writes numbers: 4:59, 0:07.
 * @param {number} seconds
 * @returns {string}
 */
function minutes(seconds) {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${num(m)}:${String(s).padStart(2, "0")}`;
}

/** A countdown bar with its seconds. @param {string} id */
function clockElement(id) {
  const clock = el("div", "clock");
  clock.id = id;
  clock.append(el("span", "bar"), el("span", "seconds"));
  return clock;
}

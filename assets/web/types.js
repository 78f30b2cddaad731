// @ts-check
/**
 * The shapes of protocol v1's messages as the page reads them (game/net/PROTOCOL.md), for the
 * type check only (`make web-check`): the other modules name them in their JSDoc as
 * `import("./types.js").View` and the like. Nothing here runs; the page never loads this file.
 */

/** A seat's number (0 to 5). @typedef {number} Seat */

/** A card's code: rank then suit, "10H", "AS", "6H". @typedef {string} CardCode */

/**
 * Why a tie was settled as it was.
 * @typedef {{rivals: Seat[], beaten: Seat, by: string, suit: string|null}} Tie
 */

/**
 * One event of the game (game/rules/events.py), as the page may see it.
 * @typedef {{type: "DealStarted", deal: number, new_farm: boolean, farmer: Seat|null}
 *   | {type: "AuctionOpened", opener: Seat}
 *   | {type: "BidMade", seat: Seat, amount: number}
 *   | {type: "Passed", seat: Seat}
 *   | {type: "FarmSold", seat: Seat, price: number, nobody_bid: boolean}
 *   | {type: "FarmerChosen", seat: Seat, reason: "lot"|"winner"|"rotation"}
 *   | {type: "CardDealt", seat: Seat, card: CardCode|null, from_bottom: boolean, first: boolean, count: number}
 *   | {type: "TurnStarted"|"TurnEnded"|"Stood", seat: Seat}
 *   | {type: "Busted", seat: Seat, total: number}
 *   | {type: "HandShown", seat: Seat, cards: CardCode[], total: number}
 *   | {type: "ChipsMoved", source: Seat|"farm", target: Seat|"farm", amount: number, reason: string}
 *   | {type: "FarmWon", seat: Seat, amount: number, total: number, tie: Tie|null}
 *   | {type: "NearestFound", seat: Seat|null, total: number, tie: Tie|null}
 *   | {type: "DealEnded", deal: number, winner: Seat|null, nearest: Seat|null}
 *   | {type: "GameEnded", standings: number[], winners: Seat[], reason: string}} GameEvent
 */

/**
 * A member's view of the table (game/rules/view.py's View; a spectator's has `seat` null).
 * @typedef {object} View
 * @property {Seat|null} seat
 * @property {string} rules the rule key: "foster", "lacombe+rotating"...
 * @property {"between"|"auction"|"play"|"over"} phase
 * @property {string[]} names
 * @property {number} deal_no
 * @property {number|null} max_deals
 * @property {number[]} chips
 * @property {number} farm
 * @property {Seat|null} farmer
 * @property {Seat|null} to_act
 * @property {number} high_bid
 * @property {Seat|null} high_bidder
 * @property {[Seat, number|null][]} calls
 * @property {number} max_bid
 * @property {CardCode[]} hand
 * @property {number} total
 * @property {Seat[]} order
 * @property {number[]} card_counts
 * @property {number} deck_size
 * @property {boolean} must_draw
 * @property {number} served
 * @property {CardCode[][]|null} shown_hands
 */

/**
 * A move the computer played for the person (an update's `played_for`): their time ran out, or
 * they were away.
 * @typedef {{seat: Seat, action: {kind: string, amount?: number}, why: "time"|"away"}} PlayedFor
 */

/**
 * The latest deal settled, told in a sync (an update's `last_deal`).
 * @typedef {{deal: number, farmer: Seat, winner: Seat|null, nearest: Seat|null, farm: number}} LastDeal
 */

/**
 * An `update` message (PROTOCOL.md, and "What a seat missed").
 * @typedef {object} Update
 * @property {"update"} type
 * @property {number} seq
 * @property {GameEvent[]} events
 * @property {View} view
 * @property {number} [ref]
 * @property {boolean} [sync]
 * @property {number[][]} [history]
 * @property {PlayedFor[]} [played_for]
 * @property {number} [redealt] the deal a restarted host deals again
 * @property {LastDeal} [last_deal]
 * @property {Extract<GameEvent, {type: "GameEnded"}>} [ended] how a finished game ended
 */

/**
 * One seat as a `table` message lists it.
 * @typedef {{seat: Seat, name: string, person: boolean, connected: boolean, host: boolean}} TableSeat
 */

/**
 * The table as a `table` message says it.
 * @typedef {object} TableInfo
 * @property {string} code
 * @property {Record<string, any>} settings
 * @property {boolean} started
 * @property {boolean} over
 * @property {boolean} [ending]
 * @property {TableSeat[]} seats
 * @property {number} spectators
 * @property {boolean} [fixed_deck]
 * @property {boolean} [unsaved]
 * @property {string} [next] the code of the table that follows this one at the same place
 */

/**
 * How a game ended (a `GameEnded` event, or the standings read from a view).
 * @typedef {{standings: number[], winners: Seat[], reason: string}} Result
 */

/** @typedef {{type: "welcome", table: string, seat: Seat|null, token: string|null, host: boolean}} Welcome */
/** @typedef {{type: "table", table: TableInfo}} TableMessage */
/** @typedef {{type: "pause", deal: number, seconds: number, waiting: Seat[]}} Pause */
/** @typedef {{type: "turn", seat: Seat, seconds: number}} Turn */
/** @typedef {{type: "error", code: string, message: string, ref?: number}} ErrorMessage */
/** @typedef {{type: "pong", ref?: number}} Pong */
/** @typedef {{type: "tables", tables: {code: string, rules: string, seats: number, free: number, started: boolean, over: boolean}[]}} Tables */

/**
 * Any message from the server: its `type` says which (PROTOCOL.md, "Server → client").
 * @typedef {Welcome|TableMessage|Update|Pause|Turn|ErrorMessage|Pong|Tables} ServerMessage
 */

export {};

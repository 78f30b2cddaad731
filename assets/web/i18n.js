// @ts-check
/**
 * The page's words in English, French or German, from the same catalogues as the window:
 * the server answers /i18n/<lang>.json with {"messages": {msgid: msgstr or [plural forms]},
 * "plural": expression}; a context's key is context + "\u0004" + msgid. Placeholders are
 * written {name}, as in Python's str.format. Numbers are written as the window's
 * scenes/i18n/numbers.py writes them (Unicode CLDR), and the catalogue's plural rule is read
 * by a small parser of C expressions: the page's policy allows no eval.
 */


// --- numbers ---------------------------------------------------------------------------------

const NNBSP = "\u202f";
const NBSP = "\u00a0";

/** @type {Record<string, {group: string, decimal: string, colon: string}>} */
const STYLES = {
  en: { group: ",", decimal: ".", colon: "{}:" },
  fr: { group: NNBSP, decimal: ",", colon: "{}" + NBSP + ":" },
  de: { group: ".", decimal: ",", colon: "{}:" },
};

/** @param {string} lang */
function style(lang) {
  return STYLES[lang] || STYLES.en;
}

/**
 * `value` with `decimals` decimal places, digits grouped by thousands, rounded half away
 * from zero: formatNumber(1234567, "fr") is "1 234 567" (narrow no-break spaces).
 * @param {number} value
 * @param {string} lang
 * @param {number} [decimals]
 * @returns {string}
 */
function formatNumber(value, lang, decimals = 0) {
  const s = style(lang);
  const negative = value < 0;
  const scaled = Math.round(Math.abs(value) * 10 ** decimals + 1e-9);
  const whole = Math.floor(scaled / 10 ** decimals);
  const frac = scaled % 10 ** decimals;
  let digits = String(whole);
  const groups = [];
  while (digits.length > 3) {
    groups.unshift(digits.slice(-3));
    digits = digits.slice(0, -3);
  }
  groups.unshift(digits);
  let text = groups.join(s.group);
  if (decimals > 0) text += s.decimal + String(frac).padStart(decimals, "0");
  if (negative && scaled) text = "-" + text;
  return text;
}

/**
 * `label` followed by a colon in `lang`: "Total:", or "Total :" in French (no-break space).
 * @param {string} label
 * @param {string} lang
 * @returns {string}
 */
function colonIn(label, lang) {
  return style(lang).colon.replace("{}", label);
}

// --- the plural rule ---------------------------------------------------------------------------

const TOKEN = /^\s*(\d+|n|\|\||&&|==|!=|<=|>=|[<>?:()+\-*/%!])/;

/** @param {string} text */
function tokenize(text) {
  const tokens = [];
  let rest = text.trim();
  while (rest.length) {
    const m = TOKEN.exec(rest);
    if (!m) throw new Error(`bad plural expression: ${text}`);
    tokens.push(m[1]);
    rest = rest.slice(m[0].length).trimStart();
  }
  return tokens;
}

const BINARY = [
  ["||"], ["&&"], ["==", "!="], ["<", "<=", ">", ">="], ["+", "-"], ["*", "/", "%"],
];

/**
 * The function of n that a plural expression computes (a whole number: the form's index).
 * A catalogue's whole header value ("nplurals=2; plural=(n != 1);") is read too.
 * @param {string} expression
 * @returns {(n: number) => number}
 */
function compilePlural(expression) {
  const found = /plural\s*=\s*([^;]*)/.exec(expression);
  const tokens = tokenize(found ? found[1] : expression);
  let at = 0;
  const peek = () => tokens[at];
  /** @param {string} t */
  const take = (t) => {
    if (tokens[at] !== t) throw new Error(`bad plural expression: ${expression}`);
    at += 1;
  };

  /** @returns {(n: number) => number} */
  function ternary() {
    const test = binary(0);
    if (peek() !== "?") return test;
    at += 1;
    const yes = ternary();
    take(":");
    const no = ternary();
    return (n) => (test(n) ? yes(n) : no(n));
  }

  /**
   * @param {number} level
   * @returns {(n: number) => number}
   */
  function binary(level) {
    if (level === BINARY.length) return unary();
    let left = binary(level + 1);
    while (BINARY[level].includes(peek())) {
      const op = tokens[at];
      at += 1;
      const a = left;
      const b = binary(level + 1);
      left = (n) => apply(op, a(n), b(n));
    }
    return left;
  }

  /** @returns {(n: number) => number} */
  function unary() {
    const t = tokens[at];
    at += 1;
    if (t === "!") {
      const inner = unary();
      return (n) => (inner(n) ? 0 : 1);
    }
    if (t === "(") {
      const inner = ternary();
      take(")");
      return inner;
    }
    if (t === "n") return (n) => n;
    if (t !== undefined && /^\d+$/.test(t)) {
      const value = Number(t);
      return () => value;
    }
    throw new Error(`bad plural expression: ${expression}`);
  }

  const rule = ternary();
  if (at !== tokens.length) throw new Error(`bad plural expression: ${expression}`);
  return (n) => Number(rule(n));
}

/**
 * @param {string} op
 * @param {number} a
 * @param {number} b
 */
function apply(op, a, b) {
  switch (op) {
    case "||": return a || b ? 1 : 0;
    case "&&": return a && b ? 1 : 0;
    case "==": return a === b ? 1 : 0;
    case "!=": return a !== b ? 1 : 0;
    case "<": return a < b ? 1 : 0;
    case "<=": return a <= b ? 1 : 0;
    case ">": return a > b ? 1 : 0;
    case ">=": return a >= b ? 1 : 0;
    case "+": return a + b;
    case "-": return a - b;
    case "*": return a * b;
    case "/": return b ? Math.trunc(a / b) : 0;
    default: return b ? a % b : 0;
  }
}

// --- translating ---------------------------------------------------------------------------

/** The languages the page speaks, the source language first. */
export const LANGUAGES = ["en", "fr", "de"];

/** The catalogue's messages: a msgid's translation, or its plural forms. @type {Record<string, string|string[]>} */
let messages = {};
/** The index of the plural form for n. @type {(n: number) => number} */
let pluralRule = (n) => (n === 1 ? 0 : 1);
let current = "en";

/**
 * The language to speak: ?lang= if it names one, else the browser's first that the page speaks.
 * @param {URLSearchParams} params
 * @param {readonly string[]} preferred navigator.languages
 * @returns {string}
 */
export function chooseLanguage(params, preferred) {
  const asked = (params.get("lang") || "").toLowerCase();
  if (LANGUAGES.includes(asked)) return asked;
  for (const tag of preferred) {
    const base = tag.toLowerCase().split(/[-_]/)[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

/**
 * Load the catalogue of `lang` (English needs none); a catalogue that cannot be had leaves English.
 * @param {string} lang
 * @returns {Promise<void>}
 */
export async function loadLanguage(lang) {
  current = "en";
  messages = {};
  pluralRule = (n) => (n === 1 ? 0 : 1);
  if (lang === "en") return;
  const answer = await fetch(`/i18n/${lang}.json`, { cache: "no-cache" });
  if (!answer.ok) throw new Error(`no catalogue for ${lang}: ${answer.status}`);
  const body = await answer.json();
  messages = body.messages || {};
  if (body.plural) pluralRule = compilePlural(body.plural);
  current = lang;
}

/** The language spoken now. @returns {string} */
export function language() {
  return current;
}

/**
 * `template` with its {name} placeholders filled from `values` ({{ and }} are braces).
 * @param {string} template
 * @param {Record<string, unknown>} [values]
 * @returns {string}
 */
export function format(template, values) {
  if (!values) return template;
  return template.replace(/\{\{|\}\}|\{(\w+)\}/g, (whole, key) => {
    if (whole === "{{") return "{";
    if (whole === "}}") return "}";
    return key in values ? String(values[key]) : whole;
  });
}

/**
 * @param {string} key
 * @returns {string|null}
 */
function lookup(key) {
  const found = messages[key];
  return typeof found === "string" && found ? found : null;
}

/**
 * @param {string} key
 * @param {string} singular
 * @param {string} plural
 * @param {number} n
 * @returns {string}
 */
function lookupPlural(key, singular, plural, n) {
  const forms = messages[key];
  if (Array.isArray(forms) && forms.length && forms.every((f) => f)) {
    const i = pluralRule(n);
    return forms[Math.min(Math.max(i, 0), forms.length - 1)];
  }
  return n === 1 ? singular : plural;
}

/**
 * `msgid` in the current language, its placeholders filled from `values`.
 * @param {string} msgid
 * @param {Record<string, unknown>} [values]
 * @returns {string}
 */
export function _(msgid, values) {
  return format(lookup(msgid) ?? msgid, values);
}

/**
 * The singular or plural form for `n`, its placeholders filled from `values` ({n} by default).
 * @param {string} singular
 * @param {string} plural
 * @param {number} n
 * @param {Record<string, unknown>} [values]
 * @returns {string}
 */
export function ngettext(singular, plural, n, values) {
  return format(lookupPlural(singular, singular, plural, n), values ?? { n });
}

/**
 * `msgid` as meant in `context`, its placeholders filled from `values`.
 * @param {string} context
 * @param {string} msgid
 * @param {Record<string, unknown>} [values]
 * @returns {string}
 */
export function pgettext(context, msgid, values) {
  return format(lookup(context + "\u0004" + msgid) ?? msgid, values);
}

/**
 * ngettext with a context, as pgettext.
 * @param {string} context
 * @param {string} singular
 * @param {string} plural
 * @param {number} n
 * @param {Record<string, unknown>} [values]
 * @returns {string}
 */
export function npgettext(context, singular, plural, n, values) {
  return format(lookupPlural(context + "\u0004" + singular, singular, plural, n), values ?? { n });
}

/**
 * A number as the current language writes it: 1,234 / 1 234 / 1.234.
 * @param {number} n
 * @returns {string}
 */
export function num(n) {
  return formatNumber(n, current);
}

/**
 * `label` and a colon as the current language writes it.
 * @param {string} label
 * @returns {string}
 */
export function colon(label) {
  return colonIn(label, current);
}

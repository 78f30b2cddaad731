/**
 * Numbers written the way each language writes them, as the window's scenes/i18n/numbers.py
 * does (Unicode CLDR): French groups digits with a narrow no-break space and puts a no-break
 * space before ":"; German groups with a dot; both use a decimal comma.
 */

const NNBSP = "\u202f";
const NBSP = "\u00a0";

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
export function formatNumber(value, lang, decimals = 0) {
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
 * `label` followed by a colon: "Total:", or "Total :" in French (no-break space).
 * @param {string} label
 * @param {string} lang
 * @returns {string}
 */
export function colon(label, lang) {
  return style(lang).colon.replace("{}", label);
}

/**
 * The page's words in English, French or German, from the same catalogues as the window:
 * the server answers /i18n/<lang>.json with {"messages": {msgid: msgstr or [plural forms]},
 * "plural": expression}; a context's key is context + "\u0004" + msgid. Placeholders are
 * written {name}, as in Python's str.format.
 */

import { compilePlural } from "./plural.js";
import { formatNumber, colon as colonIn } from "./numbers.js";

/** The languages the page speaks, the source language first. */
export const LANGUAGES = ["en", "fr", "de"];

let messages = {};
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

function lookup(key) {
  const found = messages[key];
  return typeof found === "string" && found ? found : null;
}

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

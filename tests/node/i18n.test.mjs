// The page's translations (assets/web/i18n.js): the catalogue's plural rule read without eval,
// plural forms and contexts, placeholders, numbers and colons as each language writes them.
import { test } from "node:test";
import assert from "node:assert/strict";

import { _, chooseLanguage, colon, format, language, loadLanguage, ngettext, npgettext, num, pgettext } from "../../assets/web/i18n.js";

/** The server's /i18n/<lang>.json for `lang` in this test: what loadLanguage fetches. */
let catalogues = {};
globalThis.fetch = async (url) => {
  const lang = /\/i18n\/(\w+)\.json$/.exec(String(url))?.[1];
  const body = catalogues[lang];
  return { ok: !!body, status: body ? 200 : 404, json: async () => body };
};

const RUSSIAN = "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);";

test("French: 0 and 1 take the singular (plural=(n > 1)), a context has its own translation", async () => {
  catalogues = { fr: { plural: "nplurals=2; plural=(n > 1);", messages: {
    "{n} chip": ["{n} jeton", "{n} jetons"],
    "Farm": "Ferme",
    "pot, ferme rules\u0004Farm": "Corbeille",
    "ferme rules\u0004{n} chip": ["{n} jeton de corbeille", "{n} jetons de corbeille"],
    "Empty": "",
  } } };
  await loadLanguage("fr");
  assert.equal(language(), "fr");
  assert.deepEqual([0, 1, 2, 5].map((n) => ngettext("{n} chip", "{n} chips", n)),
    ["0 jeton", "1 jeton", "2 jetons", "5 jetons"]);
  assert.equal(_("Farm"), "Ferme");
  assert.equal(pgettext("pot, ferme rules", "Farm"), "Corbeille");
  assert.equal(pgettext("pot", "Farm"), "Farm", "a context with no translation keeps the English");
  assert.equal(npgettext("ferme rules", "{n} chip", "{n} chips", 3), "3 jetons de corbeille");
  assert.equal(_("Empty"), "Empty", "an empty translation is no translation");
  assert.equal(_("Not in the catalogue {x}", { x: 1 }), "Not in the catalogue 1");
  // French numbers and colons: narrow no-break spaces between thousands, a no-break space before ':'.
  assert.equal(num(1234567), "1\u202f234\u202f567");
  assert.equal(num(-1200), "-1\u202f200");
  assert.equal(colon("Total"), "Total\u00a0:");
});

test("a three-form plural rule (the C expression of the catalogue's header) picks each form", async () => {
  catalogues = { ru: { plural: RUSSIAN, messages: { "{n} chip": ["{n} фишка", "{n} фишки", "{n} фишек"] } } };
  await loadLanguage("ru");
  const form = (n) => ngettext("{n} chip", "{n} chips", n);
  assert.deepEqual([1, 21, 101].map(form), ["1 фишка", "21 фишка", "101 фишка"]);
  assert.deepEqual([2, 4, 22, 104].map(form), ["2 фишки", "4 фишки", "22 фишки", "104 фишки"]);
  assert.deepEqual([0, 5, 11, 12, 14, 111, 25].map(form),
    ["0 фишек", "5 фишек", "11 фишек", "12 фишек", "14 фишек", "111 фишек", "25 фишек"]);
});

test("German numbers group with dots; English has no catalogue and its own plural", async () => {
  catalogues = { de: { plural: "nplurals=2; plural=(n != 1);", messages: { "{n} chip": ["{n} Chip", "{n} Chips"] } } };
  await loadLanguage("de");
  assert.deepEqual([0, 1, 2].map((n) => ngettext("{n} chip", "{n} chips", n)), ["0 Chips", "1 Chip", "2 Chips"]);
  assert.equal(num(10000), "10.000");
  assert.equal(colon("Total"), "Total:");
  await loadLanguage("en");
  assert.equal(language(), "en");
  assert.deepEqual([0, 1, 2].map((n) => ngettext("{n} chip", "{n} chips", n)), ["0 chips", "1 chip", "2 chips"]);
  assert.equal(num(1234), "1,234");
  assert.equal(_("Farm"), "Farm");
});

test("a catalogue that cannot be had is an error, and leaves English", async () => {
  catalogues = {};
  await assert.rejects(loadLanguage("fr"), /no catalogue for fr/);
  assert.equal(language(), "en");
  catalogues = { fr: { plural: "nplurals=2; plural=(n >> 1);", messages: {} } };
  await assert.rejects(loadLanguage("fr"), /bad plural expression/);
});

test("placeholders are filled as Python's str.format fills them; braces doubled are braces", () => {
  assert.equal(format("{name} bids {n}.", { name: "Ada", n: 3 }), "Ada bids 3.");
  assert.equal(format("{{literal}} {n}", { n: 1 }), "{literal} 1");
  assert.equal(format("{missing} stays", { n: 1 }), "{missing} stays");
  assert.equal(format("no values {n}"), "no values {n}");
});

test("the language: ?lang= first, then the browser's first that the page speaks, else English", () => {
  const params = (q) => new URLSearchParams(q);
  assert.equal(chooseLanguage(params("lang=DE"), ["fr-FR"]), "de");
  assert.equal(chooseLanguage(params("lang=xx"), ["es-ES", "fr-CA", "de"]), "fr");
  assert.equal(chooseLanguage(params(""), ["de_AT"]), "de");
  assert.equal(chooseLanguage(params(""), ["es", "it"]), "en");
});

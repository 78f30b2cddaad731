// The page's sentences (words.js, told.js) for the golden test (tests/web/test_page_words.py): reads {lang, catalogue,
// cases} as JSON on stdin, loads the catalogue as the page does (/i18n/<lang>.json), and writes the
// page's words for each case, in order, as JSON on stdout. Not a test of its own: node --test skips it.
import { loadLanguage } from "../../assets/web/i18n.js";
import * as told from "../../assets/web/told.js";
import * as words from "../../assets/web/words.js";

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const { lang, catalogue, cases } = JSON.parse(Buffer.concat(chunks).toString("utf8"));
globalThis.fetch = async () => ({ ok: true, status: 200, json: async () => catalogue });
await loadLanguage(lang);

/** Each case: a function of words.js or told.js by name, and its arguments. */
const functions = { ...words, ...told };
const said = cases.map(({ fn, args }) => {
  if (typeof functions[fn] !== "function") throw new Error(`words.js and told.js have no ${fn}`);
  return functions[fn](...args);
});
process.stdout.write(JSON.stringify(said));

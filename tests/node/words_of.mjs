// The page's sentences for the golden test (tests/web/test_page_words.py): reads {lang, catalogue,
// cases} as JSON on stdin, loads the catalogue as the page does (/i18n/<lang>.json), and writes the
// page's words for each case, in order, as JSON on stdout. Not a test of its own: node --test skips it.
import { loadLanguage } from "../../assets/web/i18n.js";
import * as words from "../../assets/web/words.js";

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const { lang, catalogue, cases } = JSON.parse(Buffer.concat(chunks).toString("utf8"));
globalThis.fetch = async () => ({ ok: true, status: 200, json: async () => catalogue });
await loadLanguage(lang);

/** Each case: a function of words.js by name, and its arguments. */
const said = cases.map(({ fn, args }) => {
  if (typeof words[fn] !== "function") throw new Error(`words.js has no ${fn}`);
  return words[fn](...args);
});
process.stdout.write(JSON.stringify(said));

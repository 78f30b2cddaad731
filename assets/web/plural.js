/**
 * The plural rule of a gettext catalogue ("n != 1", "(n > 1)", "n==1 ? 0 : n%10>=2 ? 1 : 2"),
 * read by a small parser of C expressions: the page's policy allows no eval.
 */

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
export function compilePlural(expression) {
  const found = /plural\s*=\s*([^;]*)/.exec(expression);
  const tokens = tokenize(found ? found[1] : expression);
  let at = 0;
  const peek = () => tokens[at];
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

  /** @returns {(n: number) => number} */
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

// The page's words: the project's gettext catalogs, served as /i18n/<lang>.json by the server
// (server/web_i18n.py). English source strings stand in the code, as in the Python client.

const SPOKEN = ["en", "de", "fr"];
const SEPARATORS = { en: ",", de: ".", fr: "\u202f" };

let language = "en";
let messages = {};
let plurals = {};
let pluralIndex = (n) => (n !== 1 ? 1 : 0);

/** The first of the browser's languages we speak (en, de, fr), else English. */
export function browserLanguage(list = navigator.languages || [navigator.language]) {
  for (const tag of list) {
    const code = String(tag || "").slice(0, 2).toLowerCase();
    if (SPOKEN.includes(code)) return code;
  }
  return "en";
}

/** Speak `code` from now on; fetches its catalog (English needs none). */
export async function setLanguage(code) {
  language = SPOKEN.includes(code) ? code : "en";
  parts = {};
  messages = {};
  plurals = {};
  pluralIndex = (n) => (n !== 1 ? 1 : 0);
  document.documentElement.lang = language;
  if (language === "en") return;
  const answer = await fetch(`i18n/${language}.json`);
  if (!answer.ok) throw new Error(`no catalog for ${language}: ${answer.status}`);
  const catalog = await answer.json();
  messages = catalog.messages;
  plurals = catalog.plurals;
  parts = {}; // words fetched meanwhile went with the old table: fetched again
  // The catalog's C plural rule, checked by the server to hold nothing but arithmetic.
  const rule = new Function("n", `return Number(${catalog.plural});`);
  pluralIndex = (n) => rule(n);
}

// Words served apart, so the page stays light, each fetched once when first needed: "rules"
// (the rules' own long texts, when a rules sheet opens) and "lessons" (when a lesson begins).
let parts = {};

function loadPart(name) {
  if (language === "en") return Promise.resolve();
  const had = parts[name];
  if (had && had.language === language) return had.done;
  const asked = language;
  const done = fetch(`i18n/${asked}.${name}.json`)
    .then((answer) => (answer.ok ? answer.json() : null))
    .then((part) => {
      if (part && language === asked) {
        Object.assign(messages, part.messages);
        Object.assign(plurals, part.plurals);
      }
    })
    .catch(() => {
      delete parts[name]; // asked again next time
    });
  parts[name] = { language: asked, done };
  return done;
}

/** Fetch the rules' words of the current language; resolves when they can be said. */
export function loadRulesWords() {
  return loadPart("rules");
}

/** Fetch the lessons' words of the current language; resolves when they can be said. */
export function loadLessonWords() {
  return loadPart("lessons");
}

export function currentLanguage() {
  return language;
}

function fill(text, fields) {
  if (!fields) return text;
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in fields ? String(fields[key]) : whole));
}

/** `message` in the current language with `{fields}` filled in. */
export function _(message, fields) {
  return fill(messages[message] ?? message, fields);
}

/** A game term or label with its context. */
export function pgettext(context, message, fields) {
  return fill(messages[`${context}\u0004${message}`] ?? message, fields);
}

/** The form for `n` by the language's plural rule; `{n}` is filled in too. */
export function ngettext(singular, plural, n, fields) {
  return npgettext(null, singular, plural, n, fields);
}

export function npgettext(context, singular, plural, n, fields) {
  const key = context === null ? singular : `${context}\u0004${singular}`;
  const forms = plurals[key];
  const text = forms ? forms[pluralIndex(n)] || forms[0] : n === 1 ? singular : plural;
  return fill(text, { n, ...fields });
}

/** A whole number with the language's thousands separator. */
export function number(n) {
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, SEPARATORS[language]);
  return (n < 0 ? "−" : "") + digits;
}

/**
 * A line of the table's talk (shared/talk, sent by the server) in the current language: its
 * catalog message with every parameter said first — a number with the language's separators, a
 * nested line, a list joined by commas, `{seat: i}` as `name(i)`, a string as it is. The same
 * rules as `client.words.i18n.say` in the pygame client.
 */
export function say(line, name) {
  if (line === null || line === undefined || typeof line === "boolean") return "";
  if (Array.isArray(line)) return line.map((item) => say(item, name)).join(", ");
  if (typeof line === "number") return number(line);
  if (typeof line !== "object") return String(line);
  if (!("m" in line)) {
    if ("seat" in line) return name ? name(line.seat) : _("seat {n}", { n: line.seat + 1 });
    return "";
  }
  const args = {};
  for (const [key, value] of Object.entries(line.a || {})) args[key] = say(value, name);
  const context = line.c ?? null;
  let text;
  if ("p" in line) {
    const key = context === null ? line.m : `${context}\u0004${line.m}`;
    const forms = plurals[key];
    const n = line.a.n;
    text = forms ? forms[pluralIndex(n)] || forms[0] : n === 1 ? line.m : line.p;
  } else {
    text = messages[context === null ? line.m : `${context}\u0004${line.m}`] ?? line.m;
  }
  return fill(text, args);
}

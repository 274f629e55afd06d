// @ts-check
// Scales the real demo cards up to a Scryfall-sized bulk file: every generated
// printing is a real card object with new ids, a varied name, text, set, number,
// artist and prices, grouped about three printings per card (Scryfall's default_cards
// has ~90,000 printings of ~32,000 cards). Deterministic for a given size.
//
// With `languages`, the file looks like Scryfall's all_cards instead: a fifth of the
// printings are English, each followed by about four of its printings in other
// languages (same card, set and number; a printed name, type line and text in that
// language's script; no prices, as Scryfall has none for most of them).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEMO_FILE = path.join(ROOT, 'demo-data/cards/default-cards.json');

const SYLLABLES = ['ka', 'zor', 'mi', 'thal', 'ven', 'dra', 'lo', 'quin', 'sar', 'eth', 'ul', 'bri', 'nox', 'tem', 'ra', 'vyn', 'gol', 'phi', 'ces', 'ark'];
const WORDS = ['ancient', 'storm', 'veil', 'ember', 'tide', 'thorn', 'spire', 'hollow', 'radiant', 'gloom', 'iron', 'feral', 'wisp', 'rune', 'echo'];

function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The id `writeScaledCards` gives its `i`-th printing. */
export const printingId = (i) => uuid(i, 2);

function uuid(n, salt) {
  const h = (n * 2654435761 + salt * 40503) >>> 0;
  const a = h.toString(16).padStart(8, '0');
  const b = n.toString(16).padStart(12, '0');
  return `${a}-${salt.toString(16).padStart(4, '0')}-4${b.slice(0, 3)}-8${b.slice(3, 6)}-${b.slice(0, 6)}${a.slice(0, 6)}`;
}

function word(r) {
  return SYLLABLES[Math.floor(r() * SYLLABLES.length)] + SYLLABLES[Math.floor(r() * SYLLABLES.length)];
}

const ARTISTS = (() => {
  const r = rng(7);
  return Array.from({ length: 2000 }, () => `${word(r)[0].toUpperCase()}${word(r).slice(1)} ${word(r)[0].toUpperCase()}${word(r).slice(1)}`);
})();

function price(v) {
  return v === null ? null : (Math.max(0.01, v)).toFixed(2);
}

const LANGS = ['es', 'fr', 'de', 'it', 'pt', 'ja', 'ko', 'ru', 'zhs', 'zht'];
// A script per language, so printed names exercise folding and non-ASCII text: Latin
// with accents, katakana, hangul, Cyrillic, CJK ideographs.
const SCRIPT = { ja: [0x30a1, 80], ko: [0xac00, 2000], ru: [0x0430, 32], zhs: [0x4e00, 6000], zht: [0x4e00, 6000] };
const ACCENTED = 'áéíóúàèüöñç';

function localized(text, lang, salt) {
  if (!text) return text;
  const script = SCRIPT[lang];
  let out = '';
  for (let k = 0; k < text.length; k++) {
    const ch = text.charCodeAt(k);
    if (ch < 65 || ch > 122) out += text[k];
    else if (script) out += String.fromCharCode(script[0] + ((ch * 31 + k * 7 + salt) % script[1]));
    else out += (ch * 13 + k + salt) % 9 === 0 ? ACCENTED[(ch + salt) % ACCENTED.length] : text[k];
  }
  return out;
}

/** Writes `count` printings to `file` as one JSON array, streaming; returns the file's size. */
export async function writeScaledCards(file, count, printingsPerCard = 3, { languages = false } = {}) {
  const demo = JSON.parse(fs.readFileSync(DEMO_FILE, 'utf8')).filter((c) => c.lang === 'en');
  const out = fs.createWriteStream(file);
  const write = (s) => (out.write(s) ? undefined : new Promise((r) => out.once('drain', () => r(undefined))));
  await write('[');
  const r = rng(42);
  let card = null;
  // i: printings written; e: English printings, which make the cards.
  for (let i = 0, e = 0; i < count; i++, e++) {
    const g = Math.floor(e / printingsPerCard);
    if (e % printingsPerCard === 0) {
      const base = demo[g % demo.length];
      const suffix = g < demo.length ? '' : ` ${word(r)[0].toUpperCase()}${word(r).slice(1)}`;
      const rename = (n) => (suffix ? `${n}${suffix}` : n);
      const extra = WORDS[Math.floor(r() * WORDS.length)];
      card = {
        ...base,
        oracle_id: uuid(g, 1),
        name: base.card_faces ? base.card_faces.map((f) => rename(f.name)).join(' // ') : rename(base.name),
        oracle_text: base.oracle_text ? `${base.oracle_text}${suffix ? `\n${extra[0].toUpperCase()}${extra.slice(1)} ${word(r)}.` : ''}` : base.oracle_text,
        card_faces: base.card_faces?.map((f) => ({ ...f, name: rename(f.name) })),
        edhrec_rank: Math.floor(r() * 30000),
      };
    }
    const setNo = Math.floor(r() * 400);
    const basePrice = r() < 0.1 ? r() * 80 : r() * 2;
    const printing = {
      ...card,
      id: uuid(i, 2),
      set: `g${setNo.toString(36)}`,
      set_name: `Generated Set ${setNo}`,
      collector_number: String(1 + (e % 350)),
      released_at: `${1995 + Math.floor(r() * 30)}-${String(1 + Math.floor(r() * 12)).padStart(2, '0')}-${String(1 + Math.floor(r() * 28)).padStart(2, '0')}`,
      // ~2,000 distinct artists, as in Scryfall's data.
      artist: ARTISTS[Math.floor(r() * ARTISTS.length)],
      rarity: ['common', 'uncommon', 'rare', 'mythic'][Math.floor(r() * 4)],
      prices: { usd: price(basePrice), usd_foil: price(basePrice * 2.5), usd_etched: null, eur: r() < 0.5 ? price(basePrice * 0.9) : null, eur_foil: null, tix: r() < 0.3 ? price(basePrice / 10) : null },
    };
    await write((i ? ',' : '') + JSON.stringify(printing));
    if (!languages) continue;
    // Four other languages on average: count / 5 English printings in all.
    for (const [k, lang] of LANGS.entries()) {
      if (i + 1 >= count) break;
      if ((e * 7 + k * 13) % 10 >= 4) continue;
      i++;
      const salt = k + 1;
      await write(
        `,${JSON.stringify({
          ...printing,
          id: uuid(i, 3),
          lang,
          printed_name: localized(printing.name, lang, salt),
          printed_type_line: localized(printing.type_line, lang, salt),
          printed_text: localized(printing.oracle_text, lang, salt),
          card_faces: printing.card_faces?.map((f) => ({ ...f, printed_name: localized(f.name, lang, salt) })),
          multiverse_ids: [],
          prices: { usd: null, usd_foil: null, usd_etched: null, eur: null, eur_foil: null, tix: null },
        })}`,
      );
    }
  }
  await write(']');
  await new Promise((resolve, reject) => out.end((err) => (err ? reject(err) : resolve(undefined))));
  return fs.statSync(file).size;
}

/**
 * Generates `count` printings and imports them into a benchmark service's database (prices as of
 * 2024-01-01) with `bin` (the checkout's bin/ccs.js), leaving no file behind.
 * @param {string} bin @param {{ dir: string, env: Record<string, string> }} service @param {number} count
 */
export async function importScaledCards(bin, service, count) {
  const file = path.join(service.dir, 'cards.json');
  await writeScaledCards(file, count);
  execFileSync(process.execPath, [bin, 'cards', 'import', file, '--as-of', '2024-01-01'], { env: { ...process.env, ...service.env, CCS_DB_TIMEOUT_MS: '600000' }, stdio: 'ignore' });
  fs.rmSync(file);
}


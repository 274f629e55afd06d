import { MAX_QUANTITY, type Board, type ExportStyle } from './schemas.js';

/** One card line of a decklist, as written (not yet resolved to a printing). */
export interface DecklistEntry {
  /** 1-based line number in the submitted text. */
  line: number;
  quantity: number;
  name: string;
  /** Set code as written, e.g. `M11`; compared case-insensitively. */
  set?: string;
  collectorNumber?: string;
  board: Board;
}

export interface DecklistError {
  line: number;
  message: string;
}

export interface ParsedDecklist {
  entries: DecklistEntry[];
  errors: DecklistError[];
}

type Section = Board | 'about';

const SECTIONS: Record<string, Section> = {
  deck: 'main',
  main: 'main',
  maindeck: 'main',
  mainboard: 'main',
  sideboard: 'sideboard',
  side: 'sideboard',
  // Arena lists the companion in its own section; it lives in the sideboard.
  companion: 'sideboard',
  commander: 'commander',
  commanders: 'commander',
  maybeboard: 'maybe',
  maybe: 'maybe',
  considering: 'maybe',
  about: 'about',
};

// "Sideboard", "Sideboard:", "Sideboard (15)".
const HEADER = /^([a-z]+)\s*(?:\(\d+\))?\s*:?$/i;
// "4 Lightning Bolt", "4x Lightning Bolt".
const CARD_LINE = /^(\d+)\s*[xX]?\s+(\S.*)$/;
// Trailing " (M11) 146" or " [M11]"; Moxfield's foil markers (" *F*") are dropped.
const PRINTING = /^(.*?\S)\s+[([]([A-Za-z0-9]{2,8})[)\]](?:\s+([^\s()[\]]+))?$/;
const FOIL_MARK = /\s+\*[A-Z]\*$/;
// What other apps append to a line, dropped: Archidekt's labels (" ^Have,#37d67a^") and categories
// (" [Removal]", " [Commander{top}]"), Moxfield's tags (" #edh #!Ramp"). No card name holds "#" or "^".
const LABELS = /(?:\s+\^[^^]*\^)+$/;
const TAGS = /(?:\s+#\S+)+$/;
const CATEGORY = /\s+\[([^\]]*)\]$/;
const AFTER_PRINTING = /\([A-Za-z0-9]{2,8}\)\s+[^\s()[\]]+(?:\s+\*[A-Z]\*)?$/;
/** Archidekt's categories that say where a card goes rather than what it does. */
const CATEGORY_BOARDS: Record<string, Board> = { commander: 'commander', maybeboard: 'maybe', sideboard: 'sideboard' };

/**
 * An Archidekt category at the end of `rest`: what is left of the line, and the board it names
 * (Commander, Maybeboard, Sideboard). A bracket that can only be a set code (Arena's " [M11]")
 * is not one: a category follows a printing, holds `{...}`, a comma or a space, or names a board.
 */
function category(rest: string): { rest: string; board?: Board } | undefined {
  const m = CATEGORY.exec(rest);
  if (!m) return undefined;
  const inner = m[1] ?? '';
  const before = rest.slice(0, m.index).trim();
  const words = inner.split(',').map((w) => w.replace(/\{[^}]*\}/g, '').trim().toLowerCase());
  const board = words.map((w) => CATEGORY_BOARDS[w]).find((b) => b !== undefined);
  if (!AFTER_PRINTING.test(before) && !/[{,\s]/.test(inner) && board === undefined) return undefined;
  return { rest: before, ...(board ? { board } : {}) };
}
const MAX_NAME = 200;

/**
 * Parses Arena and MTGO decklist text. Sections (`Deck`, `Sideboard`, `Commander`,
 * `Companion`, `Maybeboard`, `About`) switch the board; `SB:` marks a single MTGO
 * sideboard line. Without any section header, the first blank line after a card
 * starts the sideboard, as in MTGO's .txt files. `//` and `#` lines are comments.
 */
export function parseDecklist(text: string): ParsedDecklist {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const hasHeaders = lines.some((l) => isHeader(l.trim()));
  const entries: DecklistEntry[] = [];
  const errors: DecklistError[] = [];
  let section: Section = 'main';
  let sawCard = false;
  let blankSwitched = false;

  lines.forEach((raw, i) => {
    const line = i + 1;
    let s = raw.trim();
    if (s === '') {
      if (!hasHeaders && sawCard && !blankSwitched) {
        section = 'sideboard';
        blankSwitched = true;
      }
      return;
    }
    if (s.startsWith('//') || s.startsWith('#')) return;
    const header = sectionOf(s);
    if (header) {
      section = header;
      return;
    }
    if (section === 'about') return; // Arena's "Name ..." metadata.

    let board: Board = section;
    const sb = /^SB:\s*/i.exec(s);
    if (sb) {
      board = 'sideboard';
      s = s.slice(sb[0].length);
    }
    const m = CARD_LINE.exec(s);
    if (!m) {
      errors.push({ line, message: `line ${line}: expected "<quantity> <card name>", got "${truncate(s)}"` });
      return;
    }
    const [, count = '', text = ''] = m;
    const quantity = Number(count);
    if (!Number.isSafeInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) {
      errors.push({ line, message: `line ${line}: quantity must be 1 to ${MAX_QUANTITY}, got ${truncate(count)}` });
      return;
    }
    let rest = text.replace(LABELS, '').replace(TAGS, '').trim();
    const categorised = category(rest);
    if (categorised) {
      rest = categorised.rest;
      if (categorised.board) board = categorised.board;
    }
    rest = rest.replace(FOIL_MARK, '').trim();
    let set: string | undefined;
    let collectorNumber: string | undefined;
    const p = PRINTING.exec(rest);
    if (p) {
      rest = p[1] ?? rest;
      set = p[2];
      collectorNumber = p[3];
    }
    const name = rest.replace(/\s+/g, ' ');
    if (name.length > MAX_NAME) {
      errors.push({ line, message: `line ${line}: the card name is longer than ${MAX_NAME} characters` });
      return;
    }
    sawCard = true;
    entries.push({ line, quantity, name, board, ...(set ? { set } : {}), ...(collectorNumber ? { collectorNumber } : {}) });
  });
  return { entries, errors };
}

/** The section a header line opens, or undefined for any other line. */
function sectionOf(s: string): Section | undefined {
  const name = HEADER.exec(s)?.[1];
  return name === undefined ? undefined : SECTIONS[name.toLowerCase()];
}

function isHeader(s: string): boolean {
  return sectionOf(s) !== undefined;
}

function truncate(s: string): string {
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

/**
 * Canonical form for comparing card names: case-folded, single spaces, and the
 * face separator written as " // " whether the list used "A // B" or MTGO's "A/B".
 */
export function normalizeCardName(name: string): string {
  return name
    .normalize('NFC')
    .toLowerCase()
    .replace(/\s*\/\/?\s*/g, ' // ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Full name and each face name ("A // B" -> "a // b", "a", "b"), normalized. */
export function cardNameKeys(name: string): { full: string; faces: string[] } {
  const full = normalizeCardName(name);
  const faces = full.includes(' // ') ? full.split(' // ') : [];
  return { full, faces };
}

export interface ExportLine {
  quantity: number;
  board: Board;
  name: string;
  layout: string;
  set: string;
  collector_number: string;
}

// Cards whose clients name them by their front face alone.
// A reversible printing ("X // X") is X on both sides: Arena and MTGO know it by the one name.
const FRONT_FACE_LAYOUTS = new Set(['transform', 'modal_dfc', 'meld', 'flip', 'adventure', 'reversible_card']);

/** The name MTGO knows a card by (its decklists and `.dek` files alike). */
export function mtgoCardName(line: Pick<ExportLine, 'name' | 'layout'>): string {
  return exportName(line, 'mtgo');
}

function exportName(line: Pick<ExportLine, 'name' | 'layout'>, style: ExportStyle): string {
  if (!line.name.includes(' // ') || style === 'text') return line.name;
  if (FRONT_FACE_LAYOUTS.has(line.layout)) return line.name.slice(0, line.name.indexOf(' // '));
  // Split cards: Arena writes "A // B", MTGO "A/B".
  return style === 'mtgo' ? line.name.split(' // ').join('/') : line.name;
}

const HEADINGS: Array<[Board, string]> = [
  ['commander', 'Commander'],
  ['main', 'Deck'],
  ['sideboard', 'Sideboard'],
  ['maybe', 'Maybeboard'],
];

/**
 * Writes a decklist. `arena`: sections with `(SET) number`, so the exact printings
 * round-trip. `text`: the same sections, names only. `mtgo`: main deck, a blank
 * line, then the sideboard; MTGO keeps the commander in the sideboard and has no
 * maybeboard, so those are folded in or left out. With no main deck a leading blank line
 * would say nothing (readers skip it), so each sideboard line is marked `SB:` instead. `mtgo` and
 * `text` name cards without their printing, so each section lists a card once.
 */
export function formatDecklist(lines: readonly ExportLine[], style: ExportStyle): string {
  const render = (section: readonly ExportLine[]): string[] => {
    if (style === 'arena') return section.map((l) => `${l.quantity} ${exportName(l, style)} (${l.set.toUpperCase()}) ${l.collector_number}`);
    // Without set and number, two printings of a card (Teferi 221 and 221★) would be two lines of
    // one name: a names-only section lists each name once, with their total, where it first came.
    const totals = new Map<string, number>();
    for (const l of section) {
      const name = exportName(l, style);
      totals.set(name, (totals.get(name) ?? 0) + l.quantity);
    }
    // A line holds at most MAX_QUANTITY (what a list line may say): MTGO's sideboard adds the
    // commander's copies to the sideboard's, which can pass it.
    return [...totals].flatMap(([name, quantity]) => {
      const lines: string[] = [];
      for (let left = quantity; left > 0; left -= MAX_QUANTITY) lines.push(`${Math.min(left, MAX_QUANTITY)} ${name}`);
      return lines;
    });
  };
  if (style === 'mtgo') {
    const main = render(lines.filter((l) => l.board === 'main'));
    const side = render(lines.filter((l) => l.board === 'commander' || l.board === 'sideboard'));
    const out = main.length ? [...main, ...(side.length ? ['', ...side] : [])] : side.map((l) => `SB: ${l}`);
    return out.length ? out.join('\n') + '\n' : '';
  }
  const blocks: string[] = [];
  for (const [board, heading] of HEADINGS) {
    const section = render(lines.filter((l) => l.board === board));
    if (section.length) blocks.push([heading, ...section].join('\n'));
  }
  return blocks.length ? blocks.join('\n\n') + '\n' : '';
}

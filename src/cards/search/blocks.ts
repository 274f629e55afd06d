/**
 * Magic's blocks, for `b:`/`block:`. Scryfall's card objects do not name their block (its
 * set objects do, and this service imports cards only), and blocks are history: Wizards
 * stopped making them after Ixalan (2018). So the list is fixed here, by the sets' codes.
 * A block's token and promo sets (`tths`, `pths`) belong to it too, as on Scryfall.
 */
const BLOCKS: readonly (readonly string[])[] = [
  ['ice', 'all', 'csp'],
  ['mir', 'vis', 'wth'],
  ['tmp', 'sth', 'exo'],
  ['usg', 'ulg', 'uds'],
  ['mmq', 'nem', 'pcy'],
  ['inv', 'pls', 'apc'],
  ['ody', 'tor', 'jud'],
  ['ons', 'lgn', 'scg'],
  ['mrd', 'dst', '5dn'],
  ['chk', 'bok', 'sok'],
  ['rav', 'gpt', 'dis'],
  ['tsp', 'tsb', 'plc', 'fut'],
  ['lrw', 'mor'],
  ['shm', 'eve'],
  ['ala', 'con', 'arb'],
  ['zen', 'wwk', 'roe'],
  ['som', 'mbs', 'nph'],
  ['isd', 'dka', 'avr'],
  ['rtr', 'gtc', 'dgm'],
  ['ths', 'bng', 'jou'],
  ['ktk', 'frf', 'dtk'],
  ['bfz', 'ogw'],
  ['soi', 'emn'],
  ['kld', 'aer'],
  ['akh', 'hou'],
  ['xln', 'rix'],
];

const BY_SET = new Map<string, readonly string[]>();
for (const block of BLOCKS) {
  // Token sets carry a "t" prefix, promo sets a "p": `tktk`, `pktk`.
  const all = block.flatMap((code) => [code, `t${code}`, `p${code}`]);
  for (const code of all) BY_SET.set(code, all);
}

/** Every set code of the block `code` belongs to (the block's own sets, their token and promo sets), or undefined. */
export function blockOf(code: string): readonly string[] | undefined {
  return BY_SET.get(code.toLowerCase());
}

/**
 * The nested shapes every reader of a stored card trusts (the card view, deck legality, search
 * facts, exports): `card_faces` is a list of objects, and `image_uris` (the card's and each
 * face's) and `legalities` map names to strings. Scryfall's files always hold them so; a feed
 * object that breaks one would otherwise be stored as sent and answer 500 wherever it is shown.
 * Checked once, where the feed enters (the import), so readers need no guards of their own.
 */

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** `obj[key]` made a map of strings: values of other types dropped, the field itself if it is not an object. */
function stringMap(obj: Json, key: string): boolean {
  if (!(key in obj)) return false;
  const v = obj[key];
  if (v === null) return false;
  if (!isObject(v)) {
    delete obj[key];
    return true;
  }
  const entries = Object.entries(v);
  const kept = entries.filter(([, x]) => typeof x === 'string');
  if (kept.length === entries.length) return false;
  obj[key] = Object.fromEntries(kept);
  return true;
}

/**
 * Makes `card`'s nested fields the shapes readers trust, in place; true when it changed
 * anything (the stored text must then be written anew rather than kept as read).
 */
export function shapeCard(card: Json): boolean {
  let changed = stringMap(card, 'image_uris');
  changed = stringMap(card, 'legalities') || changed;
  if ('card_faces' in card && card.card_faces !== null) {
    const faces = card.card_faces;
    if (!Array.isArray(faces)) {
      delete card.card_faces;
      changed = true;
    } else {
      const objects = faces.filter(isObject);
      if (objects.length !== faces.length) {
        card.card_faces = objects;
        changed = true;
      }
      for (const face of objects) changed = stringMap(face, 'image_uris') || changed;
    }
  }
  return changed;
}

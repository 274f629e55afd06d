import fs from 'node:fs';
import path from 'node:path';
import MarkdownIt from 'markdown-it';

/**
 * The markdown guides of `docs/` (and the README as the overview), rendered as pages under
 * `/docs/guides/<name>`. Raw HTML in the markdown is escaped, not passed through; links
 * between guides point at their pages, links to files that are not served become plain text.
 */
export interface Guide {
  name: string;
  title: string;
  html: string;
}

/** Guides for people using the API, in the order the index lists them; every other `docs/*.md` is a design note. */
export const USER_GUIDES = ['readme', 'api-notes', 'card-search', 'webhooks', 'oauth', 'import-export', 'portal', 'operations'] as const;

const NAME = /^[a-z0-9][a-z0-9-]*$/;

/** GitHub's heading anchors, near enough: lower case, punctuation dropped, spaces to hyphens. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .trim()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Where a relative link of a guide points: another guide's page (with its anchor), or nothing we serve. */
export function guideLink(href: string, known: ReadonlySet<string>): string | undefined {
  if (href.startsWith('#')) return href;
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) return href;
  const [file = '', anchor] = href.split('#', 2);
  const base = file.replace(/^(\.\.\/|\.\/)+/, '').replace(/^docs\//, '');
  const name = base.toLowerCase() === 'readme.md' ? 'readme' : base.endsWith('.md') ? base.slice(0, -3) : undefined;
  if (!name || !known.has(name)) return undefined;
  return `/docs/guides/${name}${anchor ? `#${anchor}` : ''}`;
}

export function renderGuide(markdown: string, known: ReadonlySet<string>): { title: string; html: string } {
  const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
  let title = '';
  md.core.ruler.push('guide_links_and_anchors', (state) => {
    const used = new Map<string, number>();
    const tokens = state.tokens;
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i];
      if (!token) continue;
      if (token.type === 'heading_open') {
        const text = tokens[i + 1]?.children?.map((c) => c.content).join('') ?? '';
        if (!title && token.tag === 'h1') title = text;
        const base = slug(text) || 'section';
        const n = used.get(base) ?? 0;
        used.set(base, n + 1);
        token.attrSet('id', n === 0 ? base : `${base}-${n}`);
      }
      for (const child of token.children ?? []) {
        if (child.type !== 'link_open') continue;
        const href = child.attrGet('href') ?? '';
        const target = guideLink(href, known);
        if (target === undefined) {
          // A file of the repository this server does not serve: keep the words, drop the link.
          child.attrs = null;
          child.tag = 'span';
          const close = token.children?.slice(token.children.indexOf(child)).find((c) => c.type === 'link_close' && c.level === child.level);
          if (close) close.tag = 'span';
        } else {
          child.attrSet('href', target);
        }
      }
    }
  });
  const html = md.render(markdown);
  return { title: title || 'Guide', html };
}

/** Reads and renders every guide once, on first use. `docsDir` is the repository's `docs/`; the README sits beside it. */
export function createGuides(docsDir: string): { list(): Guide[]; get(name: string): Guide | undefined } {
  let guides: Map<string, Guide> | undefined;
  function load(): Map<string, Guide> {
    const sources = new Map<string, string>();
    const readme = path.join(docsDir, '..', 'README.md');
    if (fs.existsSync(readme)) sources.set('readme', readme);
    if (fs.existsSync(docsDir)) {
      for (const file of fs.readdirSync(docsDir).sort()) {
        const name = file.endsWith('.md') ? file.slice(0, -3) : '';
        if (NAME.test(name)) sources.set(name, path.join(docsDir, file));
      }
    }
    const known = new Set(sources.keys());
    const out = new Map<string, Guide>();
    for (const [name, file] of sources) out.set(name, { name, ...renderGuide(fs.readFileSync(file, 'utf8'), known) });
    return out;
  }
  return {
    list() {
      guides ??= load();
      return [...guides.values()];
    },
    get(name) {
      if (!NAME.test(name)) return undefined;
      guides ??= load();
      return guides.get(name);
    },
  };
}

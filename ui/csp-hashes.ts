import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** Next to index.html: the CSP sources of its inline scripts, which the server allows and no other. */
export const CSP_MANIFEST = 'csp-hashes.json';

/**
 * The CSP source (`'sha256-…'`) of every inline `<script>` (one without `src`) in `html`. Found
 * with `indexOf`, so the work is linear in the page's length whatever it holds.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  let at = 0;
  for (;;) {
    const open = html.indexOf('<script', at);
    if (open < 0) break;
    const tagEnd = html.indexOf('>', open);
    if (tagEnd < 0) break;
    const close = html.indexOf('</script>', tagEnd);
    if (close < 0) break;
    if (!/\ssrc\s*=/i.test(html.slice(open, tagEnd + 1))) {
      hashes.push(`'sha256-${createHash('sha256').update(html.slice(tagEnd + 1, close), 'utf8').digest('base64')}'`);
    }
    at = close + '</script>'.length;
  }
  return hashes;
}

/**
 * Writes `csp-hashes.json` (`{ "scripts": ["'sha256-…'", …] }`) beside the built index.html: the
 * hashes of our own boot scripts, taken when the build makes them. The server's policy allows
 * these, never hashes of whatever a served page happens to hold (an injected script included).
 */
export function cspHashes(): Plugin {
  return {
    name: 'shop:csp-hashes',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    // After the files are written: index.html as served, every other plugin's edits included.
    async writeBundle(options) {
      const dir = options.dir ?? 'dist';
      const html = await readFile(join(dir, 'index.html'), 'utf8');
      await writeFile(join(dir, CSP_MANIFEST), `${JSON.stringify({ scripts: inlineScriptHashes(html) }, null, 2)}\n`);
    },
  };
}

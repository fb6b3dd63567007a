import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { build, defineConfig, type Plugin } from 'vite';
import { cspHashes } from './csp-hashes.ts';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;

/**
 * Writes `.gz` and `.br` copies of every text asset next to it, so the server (koa-send with
 * gzip and brotli on) sends precompressed files without compressing on each request.
 */
function precompress(): Plugin {
  return {
    name: 'shop:precompress',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    // After the files are written: earlier hooks still see placeholders other plugins replace later.
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      await Promise.all(
        Object.values(bundle)
          .filter((file) => COMPRESSIBLE.test(file.fileName))
          .map(async (file) => {
            const path = join(dir, file.fileName);
            const buffer = await readFile(path);
            if (buffer.length < 1024) return;
            const [gz, br] = await Promise.all([
              gzipAsync(buffer, { level: 9 }),
              brotliAsync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length } }),
            ]);
            await Promise.all([writeFile(`${path}.gz`, gz), writeFile(`${path}.br`, br)]);
          }),
      );
    },
  };
}

/** Page modules whose chunks index.html preloads for the path being opened. */
const ROUTE_PAGES: Record<string, string> = {
  home: 'src/home/HomePage.tsx',
  listing: 'src/listing/ListingPage.tsx',
  product: 'src/product/ProductPage.tsx',
  search: 'src/listing/SearchPage.tsx',
};

/**
 * Route-aware preloading: a tiny inline script in index.html adds `modulepreload` links for the
 * current page's chunk and its imports (and preloads its CSS), so they download while the entry
 * chunk is still being parsed instead of after the first render.
 */
function routePreload(): Plugin {
  let routeFiles: Record<string, { js: string[]; css: string[] }> = {};
  return {
    name: 'shop:route-preload',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    // The server links the first screen's stylesheets from index.html (render-blocking, so the
    // static first screen never paints unstyled): it reads them from here.
    async writeBundle(options) {
      const dir = join(options.dir ?? 'dist', SSR_DIR);
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, 'route-assets.json'), JSON.stringify(routeFiles));
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((f) => f.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry);
        const already = new Set<string>([entry?.fileName ?? '', ...(entry?.imports ?? [])]);
        const files: Record<string, { js: string[]; css: string[] }> = {};
        for (const [route, module] of Object.entries(ROUTE_PAGES)) {
          // The chunk holding the page module (Rollup may make it a facade of a shared chunk).
          const page = chunks.find((c) => c.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(module)));
          if (!page) continue;
          const js: string[] = [];
          const css = new Set<string>();
          const visit = (fileName: string) => {
            if (already.has(fileName) || js.includes(fileName)) return;
            const chunk = chunks.find((c) => c.fileName === fileName);
            if (!chunk) return;
            js.push(fileName);
            chunk.viteMetadata?.importedCss.forEach((f) => css.add(f));
            chunk.imports.forEach(visit);
          };
          visit(page.fileName);
          files[route] = { js, css: [...css] };
        }
        routeFiles = files;
        const script =
          `(function(){var m=${JSON.stringify(files)},p=location.pathname,` +
          `k=p==='/'||p==='/index.html'?'home':p.indexOf('/products/')===0?'listing':p.indexOf('/product/')===0?'product':p==='/search'?'search':'';` +
          `var r=m[k];if(!r)return;function a(rel,f,as){var l=document.createElement('link');l.rel=rel;l.href='/'+f;l.crossOrigin='';if(as)l.as=as;document.head.appendChild(l)}` +
          `r.js.forEach(function(f){a('modulepreload',f)});r.css.forEach(function(f){a('preload',f,'style')})})();`;
        return startAfterFirstScreen(html.replace('</head>', `    <script>${script}</script>\n  </head>`), entry?.fileName);
      },
    },
  };
}

/** How long the app waits at most for the first screen's pictures before it starts anyway. */
const FIRST_PICTURES_WAIT_MS = 1000;

/**
 * The entry starts once the server's static first screen has been painted with its first
 * pictures (the high-priority ones: a listing's first row, the product's picture): module scripts
 * run right after parsing, and evaluating the app (most of a second on a slow phone) would
 * otherwise hold back the frame that shows a picture arriving meanwhile, the page's largest
 * paint. A picture still on the network after FIRST_PICTURES_WAIT_MS does not hold the app back
 * any longer. Without a visible copy (or in a hidden tab) it starts at once, as a module script
 * would. Its file is fetched from the start either way (modulepreload does not run it).
 */
function startAfterFirstScreen(html: string, entryFile: string | undefined): string {
  const tag = `<script type="module" crossorigin src="/${entryFile}"></script>`;
  if (!entryFile || !html.includes(tag)) throw new Error(`shop:route-preload: entry script ${tag} not found in index.html`);
  const bootstrap = `
    var started = false;
    var start = function () { if (!started) { started = true; import('/${entryFile}'); } };
    var root = document.getElementById('root');
    if (!root.hasAttribute('data-first-screen') || document.documentElement.getAttribute('data-first-screen') === 'off' || document.visibilityState !== 'visible') start();
    else {
      var painted = function () { requestAnimationFrame(function () { setTimeout(start); }); };
      var loading = [].filter.call(root.querySelectorAll('img[fetchpriority="high"]'), function (img) { return !img.complete; });
      var left = loading.length;
      var arrived = function () { if (--left === 0) painted(); };
      loading.forEach(function (img) { img.addEventListener('load', arrived); img.addEventListener('error', arrived); });
      if (left === 0) painted();
      else setTimeout(painted, ${FIRST_PICTURES_WAIT_MS});
    }`.replace(/\n\s*/g, ' ');
  return html.replace(tag, `<link rel="modulepreload" crossorigin href="/${entryFile}">`).replace('</body>', `  <script type="module">${bootstrap}</script>\n  </body>`);
}

/** Where the server's first-screen render goes inside the build (never served as a file). */
const SSR_DIR = 'ssr';

/**
 * After the browser build, builds src/app/firstScreen.tsx for Node into dist/ssr: one
 * self-contained file (dependencies bundled, since dist may live anywhere) that the server
 * imports to render the first screen into index.html.
 */
function firstScreenBuild(): Plugin {
  let outDir = 'dist';
  let root = process.cwd();
  return {
    name: 'shop:first-screen-build',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await build({
        root,
        logLevel: 'warn',
        mode: 'production',
        ssr: { noExternal: true, target: 'node' },
        // Production builds of the libraries only (they pick theirs from NODE_ENV at run time).
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: {
          ssr: 'src/app/firstScreen.tsx',
          outDir: join(outDir, SSR_DIR),
          emptyOutDir: false,
          copyPublicDir: false,
          target: 'node20',
          minify: true,
        },
      });
    },
  };
}

/** `UI_ANALYZE=1 npm run build -w ui` prints the biggest modules of each chunk (rendered bytes). */
function analyze(): Plugin {
  return {
    name: 'shop:analyze',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        const modules = Object.entries(file.modules)
          .map(([id, m]) => [id.replace(/^.*node_modules\//, ''), m.renderedLength] as const)
          .sort((a, b) => b[1] - a[1])
          .slice(0, 25);
        console.log(`\n${file.fileName} (${file.code.length} bytes)`);
        for (const [id, size] of modules) console.log(`  ${String(size).padStart(8)}  ${id}`);
      }
    },
  };
}

/** Vendor code that changes rarely gets its own long-cached chunks; MUI is split per use by Rollup. */
function manualChunks(id: string): string | undefined {
  if (!id.includes('node_modules')) return undefined;
  if (/[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id)) return 'react';
  if (/[\\/]node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/.test(id)) return 'router';
  if (/[\\/]node_modules[\\/](@reduxjs|redux|react-redux|immer|reselect|redux-thunk|use-sync-external-store)[\\/]/.test(id)) return 'redux';
  if (/[\\/]node_modules[\\/]swiper[\\/]/.test(id)) return 'swiper';
  return undefined;
}

const backend = process.env.SHOP_API ?? 'http://127.0.0.1:3000';

export default defineConfig(({ isSsrBuild }) => ({
  // JSX is compiled by Vite's esbuild (automatic runtime). @vitejs/plugin-react is not used: it is
  // hoisted to the root next to Vitest's Vite 8 and then drives Rolldown-only hooks that ui's
  // Vite 7 dev server rejects. The cost is no React Fast Refresh in dev (edits reload the page).
  esbuild: { jsx: 'automatic', jsxImportSource: 'react' },
  plugins: [routePreload(), precompress(), cspHashes(), firstScreenBuild(), ...(process.env.UI_ANALYZE ? [analyze()] : [])],
  build: {
    target: 'es2022',
    cssCodeSplit: true,
    sourcemap: false,
    rollupOptions: {
      // The server render is one file (see firstScreenBuild); the browser build gets vendor chunks.
      output: isSsrBuild ? { inlineDynamicImports: true, entryFileNames: 'first-screen.js' } : { manualChunks },
      // Libraries mark modules "use client" for server components; meaningless in a client bundle.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  server: {
    proxy: {
      '/api': backend,
      '/images': backend,
      '/uploads': backend,
    },
  },
}));

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";

const webRoot = fileURLToPath(new URL("./src/web", import.meta.url));
const outDir = fileURLToPath(new URL("./dist/web", import.meta.url));
/**
 * Writes .br and .gz next to every text asset after the build; the server sends them to browsers
 * that accept them (serveStatic's `precompressed`), so nothing is compressed per request.
 */
function precompress(): Plugin {
  const compressible = /\.(js|css|svg|html|json|txt|xml|webmanifest)$/;
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? walk(full) : [full];
    });
  return {
    name: "heydad-precompress",
    apply: "build",
    closeBundle() {
      for (const file of walk(outDir).filter((name) => compressible.test(name))) {
        const content = fs.readFileSync(file);
        if (content.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

/**
 * The installed app: its manifest and its service worker, src/web/sw.ts (what it keeps on the device,
 * which requests it answers, Background Sync of the outbox), built to /sw.js with the list of files
 * to keep injected: the HTML shell, scripts, styles, fonts and icons.
 */
function installableApp() {
  return VitePWA({
    registerType: "autoUpdate",
    injectRegister: false,
    strategies: "injectManifest",
    srcDir: ".",
    filename: "sw.ts",
    manifestFilename: "manifest.webmanifest",
    includeAssets: ["favicon.svg", "icons/apple-touch-icon.png"],
    manifest: {
      id: "/",
      name: "Hey Dad",
      short_name: "Hey Dad",
      description: "Record video, voice and written messages for your children, even with no signal.",
      lang: "en",
      start_url: "/dashboard",
      scope: "/",
      display: "standalone",
      orientation: "portrait",
      theme_color: "#353535",
      background_color: "#FFFFFF",
      categories: ["lifestyle", "social"],
      icons: [
        { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
        { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
        { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      ],
      shortcuts: [
        { name: "Record a video", url: "/record?video=true", icons: [{ src: "/icons/icon-192.png", sizes: "192x192" }] },
        { name: "Quick Note", url: "/record?note=true", icons: [{ src: "/icons/icon-192.png", sizes: "192x192" }] },
      ],
    },
    injectManifest: {
      globPatterns: ["index.html", "assets/**/*.{js,css,woff2}", "favicon.svg", "icons/*.png"],
      // The fonts' other scripts (cyrillic, greek, vietnamese…) are fetched only by pages that use them.
      globIgnores: ["assets/**/inter-*-{cyrillic,cyrillic-ext,greek,greek-ext,vietnamese}-*.woff2"],
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      // A classic script, registered as /sw.js by lib/service-worker.ts.
      rollupFormat: "iife",
    },
  });
}

const apiTarget = process.env.VITE_API_TARGET ?? "http://localhost:3000";

export default defineConfig({
  root: webRoot,
  plugins: [react(), tailwindcss(), installableApp(), precompress()],
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    // Report sizes so the landing budget (<= 150 KiB gzip) stays visible.
    reportCompressedSize: true,
  },
  server: {
    port: 5173,
    proxy: {
      "/api": { target: apiTarget, changeOrigin: false },
      "/dev": { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      "/api": { target: apiTarget, changeOrigin: false },
      "/dev": { target: apiTarget, changeOrigin: false },
    },
  },
});

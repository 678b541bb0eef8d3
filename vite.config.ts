import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

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

const apiTarget = process.env.VITE_API_TARGET ?? "http://localhost:3000";

export default defineConfig({
  root: webRoot,
  plugins: [react(), tailwindcss(), precompress()],
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

import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { importBoundaries } from "./eslint/import-boundaries.js";

/** Playwright calls that wait for the page (actions, waits, navigations). */
const BROWSER_ACTIONS = [
  "click", "dblclick", "tap", "fill", "type", "pressSequentially", "press", "check", "uncheck", "setChecked", "selectOption", "selectText",
  "setInputFiles", "hover", "focus", "blur", "dragTo", "dispatchEvent", "scrollIntoViewIfNeeded", "clear", "waitFor", "waitForURL",
  "waitForSelector", "waitForResponse", "waitForRequest", "waitForEvent", "waitForLoadState", "waitForFunction", "goto", "reload",
  "goBack", "goForward", "textContent", "innerText", "inputValue", "getAttribute", "isChecked",
];

export default tseslint.config(
  { ignores: ["dist", "node_modules", "data", "test-results", "src/server/db/migrations"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["src/web/**/*.tsx", "src/web/**/*.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
  {
    // A Playwright action whose rejection is swallowed waits out its whole timeout (30 s) and then passes silently.
    // An action that may rightly not happen goes through attemptBrowserAction (tests/support/browser-actions.ts).
    files: ["tests/**/*.ts", "src/**/*.test.ts", "src/**/*.test.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: `CallExpression[callee.property.name='catch'][callee.object.type='CallExpression'][callee.object.callee.property.name=/^(${BROWSER_ACTIONS.join("|")})$/] > :matches(ArrowFunctionExpression, FunctionExpression).arguments:first-child:matches([body.type='BlockStatement'][body.body.length=0], [body.type='Identifier'][body.name='undefined'], [body.type='Literal'][body.value=null])`,
          message: "Do not swallow a browser action's failure: it hides a full timeout. Use attemptBrowserAction (tests/support/browser-actions.ts) with a short explicit timeout.",
        },
      ],
    },
  },
  {
    files: ["src/server/**/*.ts"],
    ignores: ["src/server/config.ts", "src/server/main.ts", "src/server/**/*.test.ts"],
    rules: {
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read configuration from config.ts, parsed once at boot." }],
    },
  },
  {
    // Features never import each other; a module reaches another only through its usecases, types and tables.
    files: ["src/**/*.ts", "src/**/*.tsx"],
    ignores: ["src/**/*.test.ts", "src/**/*.test.tsx", "src/**/*.test-support.ts"],
    plugins: { boundaries: { rules: { imports: importBoundaries } } },
    rules: {
      "boundaries/imports": [
        "error",
        {
          // Infrastructure that lives in a module and that every module is handed: the file storage interface, what
          // a file's bytes are and their sha256, and the product's email layout.
          shared: ["storage/storage", "storage/storage.file-type", "storage/storage.checksum", "email/email.templates"],
          // Imports inside the memories, videos and uploads modules that the memory-table rewrite removes; the
          // merger empties this list once that rewrite is merged.
          allowed: [
            "guardians/guardians.child-page-source -> memories/memories.storage",
            "videos/videos.module -> memories/memories.module",
            "videos/videos.repository -> uploads/uploads.repository",
            "videos/videos.repository -> memories/memories.storage",
            "videos/videos.usecases -> auth/auth.middleware",
            "memories/memories.routes -> auth/auth.middleware",
            "uploads/uploads.routes -> auth/auth.middleware",
            "videos/videos.routes -> auth/auth.middleware",
          ],
        },
      ],
    },
  },
);

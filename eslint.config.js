import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
);

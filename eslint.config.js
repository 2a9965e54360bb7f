// ESLint 9 flat config: TypeScript (typescript-eslint recommended), React, React hooks and jsx-a11y
// recommended rules for app/, api/, contract/, tests/, scripts/ and bench/. Formatting is Prettier's
// (.prettierrc.json), so no stylistic rules here. `npm run lint` runs ESLint, then `prettier --check`.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import jsxA11y from "eslint-plugin-jsx-a11y";
import globals from "globals";

export default tseslint.config(
  {
    ignores: ["build/", "public/build/", "node_modules/", "tests/.tmp/", "data/", ".cache/", "test-results/", "playwright-report/", "bench/.tmp/"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs,cjs,jsx}"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.node, ...globals.browser },
    },
    // Directives written for rules this config switches off (no-control-regex, no-explicit-any in tests) stay harmless.
    linterOptions: { reportUnusedDisableDirectives: "off" },
    rules: {
      // `_`-prefixed names are deliberately unused (placeholders, destructuring to drop a key).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      // Control characters are matched on purpose: sanitising file names, redirect targets and import cells.
      "no-control-regex": "off",
      // `expr && fn()` / `cond ? a() : b()` statements are used deliberately in a few places.
      "@typescript-eslint/no-unused-expressions": ["error", { allowShortCircuit: true, allowTernary: true }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ...react.configs.flat.recommended,
    ...react.configs.flat["jsx-runtime"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    settings: { react: { version: "detect" }, formComponents: ["Form"], linkComponents: [{ name: "Link", linkAttribute: "to" }] },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // TypeScript checks props.
      "react/prop-types": "off",
      // Local UI state that follows a changed loader value or route (sidebar collapsed, open section, overlay
      // closed on navigation) is set in an effect on purpose; the user also toggles it.
      "react-hooks/set-state-in-effect": "off",
      // A scrolling region takes keyboard focus so keyboard users can scroll it (axe "scrollable-region-focusable").
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: [], roles: ["tabpanel", "region"], allowExpressionValues: true }],
    },
  },
  {
    // The mobile sidebar's backdrop is an aria-hidden <label> for the overlay checkbox (closes it without JavaScript).
    files: ["app/routes/_console+/_layout.tsx"],
    rules: { "jsx-a11y/label-has-associated-control": "off" },
  },
  {
    // Test helpers read replies of many shapes: `Reply<T = any>` and friends are deliberate there.
    files: ["tests/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // Node scripts and configs in plain JavaScript.
    files: ["**/*.{js,mjs,cjs}"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
);

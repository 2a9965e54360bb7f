import type { Config } from "tailwindcss";

// Menu colours come from section 9 of the specification.
export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        menu: {
          text: "#bfcbd9",
          active: "#409EFF",
          bg: "#304156",
          hover: "#263445",
          sub: "#1f2d3d",
        },
        primary: { DEFAULT: "#409EFF", dark: "#337ecc" },
      },
      width: { sidebar: "240px" },
      screens: { desk: "992px" },
    },
  },
  plugins: [],
} satisfies Config;

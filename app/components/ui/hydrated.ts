import { useEffect, useState } from "react";

/** False during server rendering and until hydration: lets forms keep native validation without JavaScript. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

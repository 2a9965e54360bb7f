import { createContext, useContext } from "react";

/**
 * The CSP nonce of this document (app/utils/security-headers.server.ts makes one per request).
 * The server renders it into every inline <script>; in the browser the context is empty, which is
 * fine: browsers hide the nonce attribute from the DOM and scripts already run need none.
 */
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);

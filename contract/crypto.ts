import CryptoJS from "crypto-js";

/**
 * Section 9: AES, CBC mode, static 16-character key and iv, zero padding, Base64 output.
 * The console encrypts the password before it goes upstream; the API decrypts it.
 */
export const DEFAULT_AES_KEY = "KgConsoleAesKey1";
export const DEFAULT_AES_IV = "KgConsoleAesIv01";

/**
 * The form fields that travel AES-encrypted by their name (login, registration, the password forms; a resource form's
 * `kind: "password"` fields too): the API refuses one that does not decrypt, beside the form's other field errors.
 */
export const ENCRYPTED_FIELD_NAME = /^(old|new)?[pP]assword$/;

export interface AesKeys {
  key: string;
  iv: string;
}

function parse({ key, iv }: AesKeys) {
  return { key: CryptoJS.enc.Utf8.parse(key), iv: CryptoJS.enc.Utf8.parse(iv) };
}

export function aesEncrypt(plain: string, keys: AesKeys): string {
  const { key, iv } = parse(keys);
  return CryptoJS.AES.encrypt(CryptoJS.enc.Utf8.parse(plain), key, {
    iv,
    mode: CryptoJS.mode.CBC,
    padding: CryptoJS.pad.ZeroPadding,
  }).toString();
}

/** Returns null when the text is not a valid ciphertext for these keys. */
export function aesDecrypt(cipherBase64: string, keys: AesKeys): string | null {
  try {
    const { key, iv } = parse(keys);
    const out = CryptoJS.AES.decrypt(cipherBase64, key, {
      iv,
      mode: CryptoJS.mode.CBC,
      padding: CryptoJS.pad.ZeroPadding,
    });
    // Zero padding leaves trailing NULs on some inputs; strip them.
    const text = out.toString(CryptoJS.enc.Utf8).replace(/\0+$/, "");
    return text.length ? text : null;
  } catch {
    return null;
  }
}

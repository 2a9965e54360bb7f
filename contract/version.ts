/** The product's version (specification section 1), shown to operators and written into every backup's manifest. */
export const PRODUCT_VERSION = "3.20.4";

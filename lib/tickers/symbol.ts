/** A security symbol as the registry stores it and the `tickers` filters accept it, once upper-cased. */
export const SYMBOL = /^[A-Z0-9][A-Z0-9.\-=^&]{0,19}$/;

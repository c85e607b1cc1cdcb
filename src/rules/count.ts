/**
 * 50000 -> '50,000', as en-GB writes it. By hand rather than toLocaleString: the first Intl call
 * in an isolate costs milliseconds (ICU's number data), and these run while the Worker starts.
 */
export const formatCount = (n: number): string => String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

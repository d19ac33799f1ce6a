/** Prices with two decimals and the euro sign, in the UI language's style. */
export function formatEuro(value: number, language: string): string {
  return new Intl.NumberFormat(language === 'en' ? 'en-IE' : 'de-DE', { style: 'currency', currency: 'EUR' }).format(value);
}

/** A server path of a payment error (`paymentBearer.expiryYear`) → the payment form's field. */
export function paymentFieldOf(path: string) {
  const key = path.replace(/^paymentBearer\.?/, '');
  if (key === 'expiryMonth' || key === 'expiryYear') return 'expiry' as const;
  const fields = ['holder', 'cardNumber', 'cvc', 'iban', 'hasAgreedToSepaTerms'] as const;
  return (fields as readonly string[]).includes(key) ? (key as (typeof fields)[number]) : undefined;
}

// Arabic keyboards type Arabic-Indic digits (٠١٢…, ۰۱۲…); stored values always use ASCII digits (the page's widgets and a post without JavaScript).
export function toAsciiDigits(value: string): string {
  return value.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => String((digit.charCodeAt(0) & 0xf) % 10));
}

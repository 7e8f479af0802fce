/**
 * A text colour that stays readable on an admin-chosen badge colour (#RGB or #RRGGBB[AA]):
 * dark ink on light colours, white on dark ones.
 */
export function readableTextOn(background: string): string {
  const hex = background.replace('#', '');
  const full = hex.length === 3 || hex.length === 4 ? [...hex.slice(0, 3)].map((c) => c + c).join('') : hex.slice(0, 6);
  if (!/^[0-9a-fA-F]{6}$/.test(full)) return '#0f172a';
  const [r, g, b] = [0, 2, 4].map((i) => {
    const channel = Number.parseInt(full.slice(i, i + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.35 ? '#0f172a' : '#ffffff';
}

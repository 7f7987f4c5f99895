/**
 * Logos are 5:1 boxes (the brands' SVGs are 240x48): the box is sized before the file arrives, and
 * an uploaded logo of another shape is fitted inside it (object-fit in base.css), so a logo never
 * moves the text beside or below it (Cumulative Layout Shift 0).
 */
export const LOGO_ASPECT = 5;

export function BrandLogo({ className, src, alt, height }: { className: string; src: string; alt: string; height: number }) {
  return <img className={`brand-logo ${className}`} src={src} alt={alt} width={height * LOGO_ASPECT} height={height} />;
}

import { LanguageSwitch } from './LanguageSwitch.tsx';
import { useShell } from './ShellContext.tsx';
import { BrandLogo } from './BrandLogo.tsx';

export function Header() {
  const { header, theme, logoUrl } = useShell();
  return (
    <header className="site-header">
      <BrandLogo className="site-logo" src={logoUrl} alt={theme.brand} height={40} />
      {header && <p className="site-header-title">{header}</p>}
      <LanguageSwitch />
    </header>
  );
}

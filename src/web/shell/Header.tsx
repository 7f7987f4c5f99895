import { LanguageSwitch } from './LanguageSwitch.tsx';
import { useShell } from './ShellContext.tsx';

export function Header() {
  const { header, theme, logoUrl } = useShell();
  return (
    <header className="site-header">
      <img className="site-logo" src={logoUrl} alt={theme.brand} height={40} />
      {header && <p className="site-header-title">{header}</p>}
      <LanguageSwitch />
    </header>
  );
}

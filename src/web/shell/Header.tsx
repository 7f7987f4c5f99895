import { LanguageSwitch } from './LanguageSwitch.tsx';
import { useShell } from './ShellContext.tsx';

export function Header() {
  const { settings, theme, logoUrl } = useShell();
  return (
    <header className="site-header">
      <img className="site-logo" src={logoUrl} alt={theme.brand} height={40} />
      {settings.header && <p className="site-header-title">{settings.header}</p>}
      <LanguageSwitch />
    </header>
  );
}

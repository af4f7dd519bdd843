import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The shared styles come first so page styles (imported by the pages) can build on them.
import './styles/theme.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/highlight.css';
import { App } from './App.tsx';
import { startI18n } from './i18n/start-i18n.ts';
import { applyTheme, storedTheme } from './lib/theme.ts';

// Paint in the last theme before the settings arrive (no inline script: the CSP forbids it).
applyTheme(storedTheme());

const root = document.getElementById('root');
// The shell's texts in the language in use come first: nothing is drawn in the wrong language. It is
// a local chunk; if it failed to load, the app still starts (showing keys) rather than not at all.
void startI18n()
  .catch((error: unknown) => console.error('The language catalog did not load:', error))
  .then(() => {
    if (!root) return;
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });

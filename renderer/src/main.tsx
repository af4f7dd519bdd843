import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The shared styles come first so page styles (imported by the pages) can build on them.
import './styles/theme.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/highlight.css';
import { App } from './App.tsx';
import { applyTheme, storedTheme } from './lib/theme.ts';

// Paint in the last theme before the settings arrive (no inline script: the CSP forbids it).
applyTheme(storedTheme());

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

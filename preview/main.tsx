import { createRoot } from 'react-dom/client';
import { initI18n } from '../src/engine/text/i18n.ts';
import { PreviewApp } from './PreviewApp.tsx';
import '../src/web/styles/base.css';
import '../src/web/styles/form.css';
import './preview.css';

initI18n();
const root = document.getElementById('preview');
if (!root) throw new Error('preview/index.html has no #preview element');
createRoot(root).render(<PreviewApp />);

/** /embed.js: built into dist/embed.js as a minified IIFE (vite.config.ts). */
import { install } from './embed-loader';

install(window, document.currentScript);

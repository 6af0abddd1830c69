import { defineParaafElements } from './paraaf-signing.ts';

export { ParaafSigningElement, VERSION, defineParaafElements } from './paraaf-signing.ts';
export { PARAAF_EVENTS, type ParaafEventDetail, type ParaafEventType } from './events.ts';

if (typeof window !== 'undefined' && typeof customElements !== 'undefined') defineParaafElements();

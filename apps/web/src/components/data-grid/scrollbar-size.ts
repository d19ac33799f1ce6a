import { useSyncExternalStore } from 'react';

/**
 * The browser's scrollbar thickness, measured once on a box of its own (and again when a zoom
 * changes the device pixel ratio). Handed to every grid as `scrollbarSize`: without it the grid
 * reads its own scroller's computed style and scroll sizes on each sizing pass, a synchronous
 * layout of the whole page while the page is still being built (57 ms of a register load on a
 * slow machine; decision 0027).
 */
function measure(): number {
  const box = document.createElement('div');
  box.style.cssText = 'position:absolute;top:-200px;width:99px;height:99px;overflow:scroll;visibility:hidden';
  document.body.append(box);
  const size = box.offsetWidth - box.clientWidth;
  box.remove();
  return size;
}

// Measured as this module loads, with the page's route code: before the page renders, when a
// layout costs little.
let measured = { ratio: window.devicePixelRatio, size: measure() };

function subscribe(changed: () => void) {
  window.addEventListener('resize', changed);
  return () => window.removeEventListener('resize', changed);
}

function snapshot(): number {
  if (window.devicePixelRatio !== measured.ratio) measured = { ratio: window.devicePixelRatio, size: measure() };
  return measured.size;
}

export const useScrollbarSize = () => useSyncExternalStore(subscribe, snapshot);

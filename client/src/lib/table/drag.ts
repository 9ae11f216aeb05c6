// One drag-and-drop for every card on the table: a Svelte action on the dragged element,
// with pointer events (mouse, pen and touch alike). The element follows the pointer once
// it has moved a few pixels; on release, `ondrop` hears where, and the click that the
// browser sends after a drag is swallowed (a drag is not a click). A press without a move
// stays a click, handled by the element's own onclick.
import type { ActionReturn } from 'svelte/action';

export interface DragOptions {
  /** No drag at all (the element is still clickable). */
  disabled?: boolean;
  /** The pointer was released after a drag, at (x, y) in the viewport. */
  ondrop: (x: number, y: number) => void;
  /** A drag began (the pointer moved past the threshold). */
  onstart?: () => void;
}

/** Pixels the pointer must move before a press becomes a drag. */
export const THRESHOLD = 8;

export function draggable(node: HTMLElement, options: DragOptions): ActionReturn<DragOptions> {
  let opts = options;
  let pointer: number | null = null;
  let x0 = 0;
  let y0 = 0;
  let moved = false;
  let swallow = false;

  function reset(): void {
    pointer = null;
    moved = false;
    node.classList.remove('dragging');
    node.style.transform = '';
  }

  function down(e: PointerEvent): void {
    if (e.button !== 0 || opts.disabled) return;
    pointer = e.pointerId;
    x0 = e.clientX;
    y0 = e.clientY;
    moved = false;
    node.setPointerCapture(e.pointerId);
  }

  function move(e: PointerEvent): void {
    if (e.pointerId !== pointer) return;
    const dx = e.clientX - x0;
    const dy = e.clientY - y0;
    if (!moved && Math.hypot(dx, dy) > THRESHOLD) {
      moved = true;
      node.classList.add('dragging');
      opts.onstart?.();
    }
    if (moved) node.style.transform = `translate(${dx}px, ${dy}px)`;
  }

  function up(e: PointerEvent): void {
    if (e.pointerId !== pointer) return;
    const dragged = moved;
    if (!dragged) {
      reset();
      return; // a click: the element's onclick has it
    }
    swallow = true;
    setTimeout(() => (swallow = false), 0);
    // Still under the pointer (and sliding back): out of the way of what it was dropped on.
    node.style.pointerEvents = 'none';
    try {
      opts.ondrop(e.clientX, e.clientY);
    } finally {
      node.style.pointerEvents = '';
      reset();
    }
  }

  function click(e: MouseEvent): void {
    if (!swallow) return;
    swallow = false;
    e.preventDefault();
    e.stopImmediatePropagation();
  }

  node.style.touchAction = 'none';
  node.addEventListener('pointerdown', down);
  node.addEventListener('pointermove', move);
  node.addEventListener('pointerup', up);
  node.addEventListener('pointercancel', reset);
  node.addEventListener('click', click, true);
  return {
    update(next) {
      opts = next;
    },
    destroy() {
      node.removeEventListener('pointerdown', down);
      node.removeEventListener('pointermove', move);
      node.removeEventListener('pointerup', up);
      node.removeEventListener('pointercancel', reset);
      node.removeEventListener('click', click, true);
    },
  };
}

/** Whether (x, y) is inside the element's box. */
export function inside(el: Element | null | undefined, x: number, y: number): boolean {
  if (!el) return false;
  const r = el.getBoundingClientRect();
  return x >= r.left && x <= r.right && y >= r.top && y <= r.bottom;
}

/** The drop target under (x, y): the nearest element marked `data-drop`, and its value. */
export function dropAt(x: number, y: number): { el: HTMLElement; value: string } | null {
  for (const el of document.elementsFromPoint(x, y)) {
    if (el.closest('.dragging')) continue;
    const target = el.closest<HTMLElement>('[data-drop]');
    if (target && !target.classList.contains('dragging')) return { el: target, value: target.dataset.drop ?? '' };
  }
  return null;
}

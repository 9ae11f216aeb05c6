// The current screen, shared: any component may send the player elsewhere (a name in a
// player card opens the profile) without the screens passing callbacks down.
import { parseRoute, pathOf, type Route } from './route';

export const router = $state<{ route: Route }>({
  route: typeof location === 'undefined' ? { kind: 'lobby' } : parseRoute(location.pathname, location.search),
});

/** Go to a screen, adding a history entry (the back button returns). */
export function navigate(route: Route, replace = false): void {
  const path = pathOf(route);
  if (replace) history.replaceState(null, '', path);
  else if (location.pathname + location.search !== path) history.pushState(null, '', path);
  router.route = route;
}

/** Back or forward in the browser's history. */
export function followHistory(): void {
  router.route = parseRoute(location.pathname, location.search);
}

/** A link's click handler: the page stays, the screen changes (a modified click opens a tab). */
export function linkTo(route: Route): (e: MouseEvent) => void {
  return (e) => {
    if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    navigate(route);
  };
}

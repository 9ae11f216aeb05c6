// The client's screens and their addresses. The server's index fallback serves the page
// for any of these paths, so a reload lands where the player was.

export type Route =
  | { kind: 'lobby' }
  | { kind: 'table'; id: number }
  | { kind: 'player'; name: string }
  | { kind: 'leaderboard'; game: string | null }
  | { kind: 'rules'; game: string }
  | { kind: 'match'; id: number };

export function parseRoute(pathname: string, search = ''): Route {
  let m = /^\/table\/(\d+)\/?$/.exec(pathname);
  if (m) return { kind: 'table', id: Number(m[1]) };
  m = /^\/match\/(\d+)\/?$/.exec(pathname);
  if (m) return { kind: 'match', id: Number(m[1]) };
  m = /^\/player\/([^/]+)\/?$/.exec(pathname);
  if (m) {
    try {
      return { kind: 'player', name: decodeURIComponent(m[1] ?? '') };
    } catch {
      return { kind: 'lobby' };
    }
  }
  m = /^\/rules\/([a-z-]+)\/?$/.exec(pathname);
  if (m) return { kind: 'rules', game: m[1] ?? '' };
  const named = new URLSearchParams(search).get('name');
  if (/^\/player\/?$/.test(pathname) && named) return { kind: 'player', name: named };
  if (/^\/leaderboard\/?$/.test(pathname)) {
    return { kind: 'leaderboard', game: new URLSearchParams(search).get('game') };
  }
  return { kind: 'lobby' };
}

export function pathOf(route: Route): string {
  switch (route.kind) {
    case 'table':
      return `/table/${route.id}`;
    case 'match':
      return `/match/${route.id}`;
    case 'player':
      // The server's page fallback takes a last segment with a dot for a missing file
      // (a 404): a name like "ana.b" goes in the query instead.
      return route.name.includes('.')
        ? `/player?name=${encodeURIComponent(route.name)}`
        : `/player/${encodeURIComponent(route.name)}`;
    case 'leaderboard':
      return route.game ? `/leaderboard?game=${encodeURIComponent(route.game)}` : '/leaderboard';
    case 'rules':
      return `/rules/${route.game}`;
    case 'lobby':
      return '/';
  }
}

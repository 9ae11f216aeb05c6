// Achievements as the profile and the unlock dialog show them (issue 17): the server
// computes each one's progress; this names it in the player's language.
import { gameName } from './games';
import { locale, t, intlLocale, type Lang } from './i18n.svelte';
import { feats } from './lang/achievements';

export type AchievementKind = 'wins' | 'matches' | 'league' | 'feat' | 'streak';

export interface Achievement {
  key: string; // 'first-win', 'matches-10', 'streak-7', 'jolly:first-win', 'jolly:gold', 'jolly:mano-jolly'
  kind: AchievementKind;
  game: string | null;
  goal: number;
  count: number;
  unlocked_at: string | null;
}

export interface Described {
  title: string;
  how: string;
  status: string; // 'Unlocked on …', '3 of 10', or nothing for a one-off not done yet
}

/** The title, the condition and the progress of an achievement, in `lang`. */
export function describe(a: Achievement, lang: Lang = locale.lang): Described {
  const game = a.game === null ? '' : gameName(a.game);
  const [title, how] = words(a, game, lang);
  const status = a.unlocked_at
    ? t('achUnlockedOn', { date: day(a.unlocked_at, lang) }, lang)
    : a.goal > 1
      ? t('achProgress', { count: a.count, goal: a.goal }, lang)
      : '';
  return { title, how, status };
}

function words(a: Achievement, game: string, lang: Lang): [string, string] {
  const n = a.goal;
  switch (a.kind) {
    case 'wins':
      return a.game === null
        ? [t('achFirstWin', {}, lang), t('achFirstWinHow', {}, lang)]
        : [t('achFirstWinGame', { game }, lang), t('achFirstWinGameHow', { game }, lang)];
    case 'matches':
      return [t('achMatches', { n }, lang), t('achMatchesHow', { n }, lang)];
    case 'streak':
      return [t('achStreak', { n }, lang), t('achStreakHow', { n }, lang)];
    case 'league': {
      const league = leagueWord(a.key, lang);
      return [t('achLeagueGame', { league, game }, lang), t('achLeagueGameHow', { league, game }, lang)];
    }
    case 'feat':
      return feats[lang][a.key] ?? feats.en[a.key] ?? [a.key, ''];
  }
}

function leagueWord(key: string, lang: Lang): string {
  const league = key.slice(key.lastIndexOf(':') + 1);
  return league === 'gold' || league === 'silver' ? t(`league_${league}`, {}, lang) : league;
}

function day(iso: string, lang: Lang): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString(intlLocale(lang), { dateStyle: 'medium' });
}

/** Unlocked first (newest first), then the rest by how near they are to their goal. */
export function ordered(list: readonly Achievement[]): Achievement[] {
  const unlocked = list.filter((a) => a.unlocked_at !== null);
  const open = list.filter((a) => a.unlocked_at === null);
  unlocked.sort((a, b) => (b.unlocked_at ?? '').localeCompare(a.unlocked_at ?? ''));
  open.sort((a, b) => b.count / b.goal - a.count / a.goal);
  return [...unlocked, ...open];
}

/** An achievement named only by its key (an over frame's), with what its key says. */
export function fromKey(key: string): Achievement {
  const colon = key.indexOf(':');
  const game = colon < 0 ? null : key.slice(0, colon);
  const rest = colon < 0 ? key : key.slice(colon + 1);
  const goal = Number(/-(\d+)$/.exec(rest)?.[1] ?? 1);
  const kind: AchievementKind =
    rest === 'first-win'
      ? 'wins'
      : game === null && rest.startsWith('matches-')
        ? 'matches'
        : game === null && rest.startsWith('streak-')
          ? 'streak'
          : rest === 'silver' || rest === 'gold'
            ? 'league'
            : 'feat';
  const whole = kind === 'feat' ? 1 : goal;
  return { key, kind, game, goal: whole, count: whole, unlocked_at: null };
}

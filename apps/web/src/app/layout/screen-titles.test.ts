import { describe, expect, it } from 'vitest';
import { appRoutes, routeTitle, type AppRoute } from '../route-table';
import { screenTitles } from './screen-titles';

const routes: readonly AppRoute[] = appRoutes;

describe('the titles of the screens (decision 239)', () => {
  it('name every route once: the shell’s with the shell, the others in the route table', () => {
    for (const route of routes) {
      const shell = !['guest', 'public', 'signed-in'].includes(route.access);
      const title = shell ? screenTitles[route.name] : route.title;
      expect(title && routeTitle(title), route.name).toMatch(/\S/);
      expect(shell ? route.title : screenTitles[route.name], route.name).toBeUndefined();
    }
    expect(Object.keys(screenTitles).sort()).toEqual(
      appRoutes
        .filter((route) => screenTitles[route.name])
        .map((route) => route.name)
        .sort(),
    );
  });
});

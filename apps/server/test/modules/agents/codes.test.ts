import { describe, expect, it } from 'vitest';
import { candidateCode, codePrefix } from '../../../src/modules/agents/codes.js';
import { insertAgent } from '../../../src/modules/agents/store.js';
import { build } from '../../helpers/build.js';

describe('agent codes (DESIGN §5)', () => {
  it('take three letters of the name, without accents, in upper case, and random digits', () => {
    expect(codePrefix('Épicerie Saint-Marc')).toBe('EPI');
    expect(codePrefix('  à la Croix-des-Bouquets')).toBe('ALA');
    expect(codePrefix('Oé')).toBe('OEX');
    expect(codePrefix('4 × 4')).toBe('XXX');
    expect(candidateCode('Épicerie')).toMatch(/^EPI\d{3}$/);
    expect(candidateCode('Épicerie', 4)).toMatch(/^EPI\d{4}$/);
    const drawn = new Set(Array.from({ length: 50 }, () => candidateCode('Épicerie')));
    expect(drawn.size).toBeGreaterThan(30);
  });

  it('try another number when the code is taken, then a fourth digit, then give up', async () => {
    const { database, clock } = await build();
    // Every draw gives 42: each new agent of the same name runs into the previous one's code.
    const draws: number[] = [];
    const fixed = (name: string, digits: number) => {
      draws.push(digits);
      return `${codePrefix(name)}${'42'.padStart(digits, '0')}`;
    };
    const agent = (name: string) =>
      insertAgent(
        database.db,
        {
          name,
          type: 'Business',
          email: 'a@b.ht',
          phone: '+50937000000',
          address: '1 rue A',
          createdByUserId: '6f1c4a52-8d0e-4b7a-9a55-3d2f7c1e0b99',
          now: clock.now(),
        },
        fixed,
      );

    expect((await agent('Épicerie')).code).toBe('EPI042');
    expect((await agent('Epinal')).code).toBe('EPI0042');
    // Eight tries with three digits, then the fourth digit: the second agent needed nine draws.
    expect(draws.slice(1)).toEqual([3, 3, 3, 3, 3, 3, 3, 3, 4]);
    await expect(agent('Épices')).rejects.toThrow('agents: no free code after 12 attempts');
    expect((await agent('Marché')).code).toBe('MAR042');
  });
});

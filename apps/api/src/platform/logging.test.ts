import { describe, expect, it } from 'vitest';
import { loggerOptions, prettyAvailable } from './logging';

describe('logging (pino-pretty on a terminal, JSON otherwise)', () => {
  it('writes JSON lines when stdout is not a terminal', () => {
    expect(loggerOptions('info', false, true)).toEqual({
      logger: { level: 'info' },
      oneLinePerRequest: false,
    });
  });

  it('writes one readable line per request on a terminal, through pino-pretty', () => {
    const options = loggerOptions('info', true, true);
    expect(options).toMatchObject({
      logger: { level: 'info', transport: { target: 'pino-pretty', options: { singleLine: true } } },
      oneLinePerRequest: true,
    });
    expect(options.logController).toBeDefined();
    expect(prettyAvailable()).toBe(true);
  });

  it('falls back to JSON on a terminal without pino-pretty installed, and logs nothing when silent', () => {
    expect(loggerOptions('debug', true, false)).toEqual({
      logger: { level: 'debug' },
      oneLinePerRequest: false,
    });
    expect(loggerOptions('silent', true, true)).toEqual({ logger: false, oneLinePerRequest: false });
  });
});

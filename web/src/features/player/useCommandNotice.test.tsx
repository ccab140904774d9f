// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { AUTH_ERRORS } from '@music-rooms/domain/auth';
import { PLAYER_ERRORS } from '@music-rooms/domain/player';
import { useCommandNotice } from './useCommandNotice';
import { changeLanguage } from '../../i18n';
import { FunctionCallError } from '../../lib/api/function-call-error';
import { renderInApp, setupComponentTests } from '../../app/shell/render-app.test-support';

setupComponentTests();

/** A control whose commands the server refused with these errors. */
function Refused({ errors }: { errors: unknown[] }) {
  const refused = useCommandNotice();
  return (
    <button type="button" onClick={() => errors.forEach(refused)}>
      Send
    </button>
  );
}

const send = (errors: unknown[]) => {
  renderInApp(<Refused errors={errors} />);
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
};

const limited = (retryAfterMs: number) =>
  new FunctionCallError('rate_limited', 'Too many requests', {
    code: 'rate_limited',
    key: AUTH_ERRORS.tooManyRequests,
    retryAfterMs,
  });

describe('a refused player command', () => {
  it('over the per-person limit says how long to wait, in one notice however many', () => {
    send([limited(2400), limited(2300)]);
    expect(screen.getAllByText('Too many player commands: wait 3 seconds')).toHaveLength(1);
  });

  it('says it in Russian too', async () => {
    await changeLanguage('ru');
    try {
      send([limited(800)]);
      expect(screen.getByText('Слишком много команд плееру: подождите 1 секунду')).toBeVisible();
    } finally {
      await changeLanguage('en');
    }
  });

  it("another refusal gives the server's reason", () => {
    const error = new FunctionCallError('not_found', 'nothing', {
      code: 'not_found',
      key: PLAYER_ERRORS.nothingToPlay,
    });
    send([error]);
    expect(screen.getByText('There is no track to play')).toBeVisible();
  });
});

import { MAX_CHOICES, CHOICES_TAKE, allChoices } from '../../api/src/lib/choices.js';
import { AppError } from '../../api/src/errors.js';

describe('selector lists: everything or a loud error, never a silent cut (issue 20 item 4)', () => {
  it('reads one row past the ceiling, so outgrowing it can be seen', () => {
    expect(CHOICES_TAKE).toBe(MAX_CHOICES + 1);
  });

  it('returns every row up to the ceiling', () => {
    const rows = Array.from({ length: 5 }, (_, n) => n);
    expect(allChoices(rows, 5)).toEqual(rows);
  });

  it('fails in French, with a stable reason, past the ceiling', () => {
    const call = () =>
      allChoices(
        Array.from({ length: 6 }, (_, n) => n),
        5,
      );
    expect(call).toThrow(AppError);
    expect(call).toThrow('Plus de 5 choix possibles : la liste ne peut pas être proposée entière. Prévenez l’exploitant.');
    try {
      call();
    } catch (error) {
      expect((error as AppError).extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'TOO_MANY_CHOICES' });
    }
  });
});

import { LANGUAGES, type Language } from '@music-rooms/domain';

type Mail = { subject: string; text: string; html: string };

/** The language a mail goes out in: the one asked for, else English. */
export function mailLanguage(...candidates: Array<string | undefined>): Language {
  for (const candidate of candidates) {
    const language = candidate?.slice(0, 2).toLowerCase();
    if (LANGUAGES.includes(language as Language)) return language as Language;
  }
  return 'en';
}

const RESET_TEXT: Record<
  Language,
  { subject: string; lines: (name: string) => string[]; button: string }
> = {
  en: {
    subject: 'Reset your Music Rooms password',
    lines: (name) => [
      `Hello, ${name}!`,
      'Someone (hopefully you) asked to reset the password of your Music Rooms account.',
      'Open the link below to choose a new password. It works once, for one hour.',
    ],
    button: 'Choose a new password',
  },
  ru: {
    subject: 'Сброс пароля Music Rooms',
    lines: (name) => [
      `Здравствуйте, ${name}!`,
      'Кто-то (надеемся, вы) запросил сброс пароля вашей учётной записи Music Rooms.',
      'Откройте ссылку ниже, чтобы задать новый пароль. Она действует один раз в течение часа.',
    ],
    button: 'Задать новый пароль',
  },
};

const IGNORE_TEXT: Record<Language, string> = {
  en: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  ru: 'Если вы этого не запрашивали, просто проигнорируйте письмо: пароль останется прежним.',
};

/** The password reset mail, as plain text and simple HTML. */
export function passwordResetMail(language: Language, name: string, link: string): Mail {
  const words = RESET_TEXT[language];
  const lines = words.lines(name);
  const text = [...lines, '', link, '', IGNORE_TEXT[language]].join('\n');
  const paragraphs = lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');
  const html = [
    `<!doctype html><html lang="${language}"><body style="font-family:sans-serif;line-height:1.5">`,
    paragraphs,
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#6d28d9;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(words.button)}</a></p>`,
    `<p style="font-size:12px;color:#666">${escapeHtml(link)}</p>`,
    `<p style="font-size:12px;color:#666">${escapeHtml(IGNORE_TEXT[language])}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: words.subject, text, html };
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

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
  return linkMail(language, {
    subject: words.subject,
    lines: words.lines(name),
    button: words.button,
    link,
    footer: IGNORE_TEXT[language],
  });
}

const VERIFY_TEXT: Record<
  Language,
  { subject: string; lines: (name: string) => string[]; button: string; footer: string }
> = {
  en: {
    subject: 'Confirm your Music Rooms e-mail address',
    lines: (name) => [
      `Hello, ${name}!`,
      'This address is set to be a super administrator of this Music Rooms site.',
      'Open the link below to confirm that it is yours. It works once, for 24 hours.',
    ],
    button: 'Confirm my e-mail address',
    footer: 'If you did not expect this, ignore this e-mail: nothing changes without the link.',
  },
  ru: {
    subject: 'Подтвердите адрес электронной почты в Music Rooms',
    lines: (name) => [
      `Здравствуйте, ${name}!`,
      'Этот адрес назначен адресом суперадминистратора этого сайта Music Rooms.',
      'Откройте ссылку ниже, чтобы подтвердить, что он ваш. Она действует один раз в течение 24 часов.',
    ],
    button: 'Подтвердить адрес',
    footer:
      'Если вы этого не ожидали, просто проигнорируйте письмо: без ссылки ничего не изменится.',
  },
};

/** The mail that verifies a super administrator's address. */
export function emailVerificationMail(language: Language, name: string, link: string): Mail {
  const words = VERIFY_TEXT[language];
  return linkMail(language, { ...words, lines: words.lines(name), link });
}

type LinkMailParts = {
  subject: string;
  lines: string[];
  button: string;
  link: string;
  footer: string;
};

/** A mail that carries one link: the lines, the link as a button and as text, a footer. */
function linkMail(language: Language, parts: LinkMailParts): Mail {
  const { lines, link, footer } = parts;
  const text = [...lines, '', link, '', footer].join('\n');
  const paragraphs = lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');
  const html = [
    `<!doctype html><html lang="${language}"><body style="font-family:sans-serif;line-height:1.5">`,
    paragraphs,
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#6d28d9;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(parts.button)}</a></p>`,
    `<p style="font-size:12px;color:#666">${escapeHtml(link)}</p>`,
    `<p style="font-size:12px;color:#666">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: parts.subject, text, html };
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

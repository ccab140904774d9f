import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

type SettingsSectionProps = {
  id: string;
  icon: LucideIcon;
  title: string;
  description: string;
  children: ReactNode;
};

/** One section of the settings screen: a titled card that the side list links to. */
export function SettingsSection({
  id,
  icon: Icon,
  title,
  description,
  children,
}: SettingsSectionProps) {
  const headingId = `${id}-title`;
  return (
    <section id={id} className="settings-section" aria-labelledby={headingId}>
      <header className="settings-section__head">
        <span className="settings-section__icon" aria-hidden>
          <Icon size={18} />
        </span>
        <div>
          <h2 id={headingId} className="settings-section__title">
            {title}
          </h2>
          <p className="settings-section__description">{description}</p>
        </div>
      </header>
      <div className="settings-section__body">{children}</div>
    </section>
  );
}

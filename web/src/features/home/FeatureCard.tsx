import type { LucideIcon } from 'lucide-react';

type FeatureCardProps = { icon: LucideIcon; title: string; text: string };

/** One thing the product does, on the home page. */
export function FeatureCard({ icon: Icon, title, text }: FeatureCardProps) {
  return (
    <li className="feature-card">
      <span className="feature-card__icon" aria-hidden>
        <Icon size={20} strokeWidth={2.2} />
      </span>
      <h3 className="feature-card__title">{title}</h3>
      <p className="feature-card__text">{text}</p>
    </li>
  );
}

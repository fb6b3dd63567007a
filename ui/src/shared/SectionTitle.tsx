import type { ReactNode } from 'react';
import css from './SectionTitle.module.css';

/** A section heading with an optional subtitle and a right-hand slot (tabs, View All). */
export function SectionTitle({ title, subtitle, action, id }: { title: string; subtitle?: string; action?: ReactNode; id?: string }) {
  return (
    <div className={css.head}>
      <div className={css.titles}>
        <h2 className={css.title} id={id}>
          {title}
        </h2>
        {subtitle && <p className={css.subtitle}>{subtitle}</p>}
      </div>
      {action}
    </div>
  );
}

import { Compass, Globe, Hexagon, Layers, type LucideIcon, Mountain, Orbit } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { containerClass } from './ui';

/** Wordmarks are brand names: they stay as written in every language. */
const COMPANIES: { name: string; icon: LucideIcon }[] = [
  { name: 'Northwind', icon: Compass },
  { name: 'Helios', icon: Orbit },
  { name: 'Atlas Labs', icon: Mountain },
  { name: 'Qamar', icon: Globe },
  { name: 'Vertex', icon: Hexagon },
  { name: 'Mizan', icon: Layers },
];

export function CompanyLogos() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="logos-title" className="border-y border-slate-100 bg-slate-50/60 py-10">
      <div className={containerClass}>
        <h2 id="logos-title" className="text-center text-sm font-medium text-slate-500">
          {t('logos.title')}
        </h2>
        <ul className="mt-6 grid grid-cols-2 items-center gap-x-6 gap-y-5 sm:grid-cols-3 lg:grid-cols-6">
          {COMPANIES.map(({ name, icon: Icon }) => (
            <li
              key={name}
              dir="ltr"
              className="flex items-center justify-center gap-2 text-lg font-bold tracking-tight text-slate-500"
            >
              <Icon aria-hidden="true" className="size-6" strokeWidth={2.25} />
              {name}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

import type { Education, Skill } from '@nashr/contracts';
import { GraduationCap } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SandboxBadge } from '../../ui/sample-badge';

function Card({
  id,
  title,
  sample = false,
  children,
}: {
  id: string;
  title: string;
  /** The sandbox network invented what the card shows. */
  sample?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`profile-${id}-title`}
      className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      data-testid={`profile-${id}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`profile-${id}-title`} className="text-lg font-semibold text-ink">
          {title}
        </h2>
        {sample && <SandboxBadge />}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

const LONG_SUMMARY = 320;

/** The About summary, folded when long. */
export function AboutSection({ summary, sandbox = false }: { summary: string | null; sandbox?: boolean }) {
  const { t } = useTranslation('profile');
  const [expanded, setExpanded] = useState(false);
  if (!summary) {
    return (
      <Card id="about" title={t('about')}>
        <p className="text-sm text-slate-500">{t('noSummary')}</p>
      </Card>
    );
  }
  const long = summary.length > LONG_SUMMARY;
  return (
    <Card id="about" title={t('about')} sample={sandbox}>
      <p
        id="profile-summary"
        dir="auto"
        className={`whitespace-pre-line text-start leading-7 text-slate-700 ${long && !expanded ? 'line-clamp-4' : ''}`}
      >
        {summary}
      </p>
      {long && (
        <button
          type="button"
          onClick={() => setExpanded((value) => !value)}
          aria-expanded={expanded}
          aria-controls="profile-summary"
          className="mt-2 text-sm font-semibold text-brand-700 hover:underline"
        >
          {expanded ? t('showLess') : t('showMore')}
        </button>
      )}
    </Card>
  );
}

export function EducationSection({ education, sandbox = false }: { education: Education[]; sandbox?: boolean }) {
  const { t } = useTranslation('profile');
  return (
    <Card id="education" title={t('education')} sample={sandbox && education.length > 0}>
      {education.length === 0 ? (
        <p className="text-sm text-slate-500">{t('noEducation')}</p>
      ) : (
        <ul className="space-y-5">
          {education.map((item) => {
            const years = [item.start, item.end].filter(Boolean).join(' – ');
            const degree = [item.degree, item.field_of_study].filter(Boolean).join(' · ');
            return (
              <li key={`${item.school}-${item.start ?? ''}`} className="flex gap-4">
                <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-slate-100 text-slate-500">
                  <GraduationCap aria-hidden="true" className="size-6" />
                </span>
                <div className="min-w-0">
                  <p className="font-semibold text-ink">
                    <bdi>{item.school}</bdi>
                  </p>
                  {degree && (
                    <p className="text-sm text-slate-700">
                      <bdi>{degree}</bdi>
                    </p>
                  )}
                  {years && (
                    <p className="text-sm text-slate-500">
                      <bdi>{years}</bdi>
                    </p>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

export function SkillsSection({ skills, sandbox = false }: { skills: Skill[]; sandbox?: boolean }) {
  const { t } = useTranslation('profile');
  return (
    <Card id="skills" title={t('skills')} sample={sandbox && skills.length > 0}>
      {skills.length === 0 ? (
        <p className="text-sm text-slate-500">{t('noSkills')}</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {skills.map((skill) => (
            <li
              key={skill.name}
              dir="auto"
              className="inline-flex items-center gap-1.5 rounded-full border border-brand-100 bg-brand-50 px-3.5 py-1.5 text-sm font-medium text-brand-800"
              data-testid="skill-chip"
            >
              {skill.name}
              {typeof skill.endorsement_count === 'number' && skill.endorsement_count > 0 && (
                <span
                  className="rounded-full bg-white px-1.5 text-xs text-brand-700"
                  title={t('endorsements', { count: skill.endorsement_count })}
                >
                  {skill.endorsement_count}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

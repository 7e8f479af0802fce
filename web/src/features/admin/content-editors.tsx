import type { Locale } from '@nashr/contracts';
import * as Tabs from '@radix-ui/react-tabs';
import { useBlocker } from '@tanstack/react-router';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../lib/use-media-query';
import { DiscardChangesDialog } from '../../ui/discard-changes-dialog';
import { BlockEditor, EditorCard } from './block-editor';
import { CopyLanguageSwitch } from './copy-language-switch';
import { EDITOR_TABS, type EditorTabId, isEditorTab } from './editor-tabs';
import { FaqForm } from './faq-form';
import { FeatureForm } from './feature-form';
import { HeroForm } from './hero-form';
import { PricingForm } from './pricing-form';
import { SignupPanelForm } from './signup-panel-form';
import { TestimonialsForm } from './testimonials-form';
import { WhyChooseForm } from './why-choose-form';

interface ActiveEditorProps {
  tab: EditorTabId;
  lang: Locale;
  onDirtyChange: (dirty: boolean) => void;
}

function ActiveEditor({ tab, ...props }: ActiveEditorProps) {
  switch (tab) {
    case 'hero':
      return <BlockEditor tab={tab} block="hero" Form={HeroForm} {...props} />;
    case 'features':
      return <BlockEditor tab={tab} block="feature" Form={FeatureForm} {...props} />;
    case 'choose-us':
      return <BlockEditor tab={tab} block="why-choose" Form={WhyChooseForm} {...props} />;
    case 'testimonials':
      return <BlockEditor tab={tab} block="testimonials" Form={TestimonialsForm} {...props} />;
    case 'pricing':
      return <BlockEditor tab={tab} block="pricing" Form={PricingForm} {...props} />;
    case 'faqs':
      return <BlockEditor tab={tab} block="faq" Form={FaqForm} {...props} />;
    case 'signup':
      return <BlockEditor tab={tab} block="signup" Form={SignupPanelForm} {...props} />;
  }
}

/**
 * The section editors as tabs (the landing page's six and the sign-up panel). One editor is open at a time; before a tab switch, a copy
 * language switch or leaving the page would drop unsaved edits, the admin is asked.
 */
export function ContentEditors() {
  const { t, i18n } = useTranslation('admin');
  const [tab, setTab] = useState<EditorTabId>('hero');
  const [lang, setLang] = useState<Locale>(i18n.language === 'en' ? 'en' : 'ar');
  const [dirty, setDirty] = useState(false);
  const dirtyRef = useRef(false);
  dirtyRef.current = dirty;
  const [pending, setPending] = useState<(() => void) | null>(null);
  const desktop = useMediaQuery('(min-width: 1024px)');

  const onDirtyChange = useCallback((next: boolean) => setDirty(next), []);

  const blocker = useBlocker({
    shouldBlockFn: () => dirtyRef.current,
    enableBeforeUnload: () => dirtyRef.current,
    withResolver: true,
  });

  const guarded = (action: () => void) => {
    if (dirtyRef.current) setPending(() => action);
    else action();
  };

  const stay = () => {
    setPending(null);
    if (blocker.status === 'blocked') blocker.reset();
  };
  const leave = () => {
    const action = pending;
    setPending(null);
    setDirty(false);
    dirtyRef.current = false;
    action?.();
    if (blocker.status === 'blocked') blocker.proceed();
  };

  const toolbar = <CopyLanguageSwitch value={lang} onChange={(next) => guarded(() => setLang(next))} />;

  return (
    <>
      <Tabs.Root
        value={tab}
        onValueChange={(next) => isEditorTab(next) && next !== tab && guarded(() => setTab(next))}
        orientation={desktop ? 'vertical' : 'horizontal'}
        activationMode="manual"
        dir={i18n.dir()}
        className="flex flex-col gap-4 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:items-start lg:gap-6"
      >
        <Tabs.List
          aria-label={t('tabs.label')}
          className="-mx-4 flex gap-1 overflow-x-auto border-b border-slate-200 px-4 pb-px [scrollbar-width:none] lg:sticky lg:top-20 lg:mx-0 lg:flex-col lg:overflow-visible lg:rounded-2xl lg:border lg:bg-white lg:p-2 lg:shadow-sm"
        >
          {EDITOR_TABS.map(({ id, icon: Icon }) => (
            <Tabs.Trigger
              key={id}
              value={id}
              data-testid={`admin-tab-${id}`}
              className="group relative flex shrink-0 items-center gap-2.5 whitespace-nowrap border-b-2 border-transparent px-3 py-2.5 text-sm font-medium text-slate-600 transition hover:text-ink data-[state=active]:border-brand-600 data-[state=active]:text-brand-700 lg:whitespace-normal lg:rounded-xl lg:border-b-0 lg:text-start lg:data-[state=active]:bg-brand-50"
            >
              <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-slate-100 text-slate-500 transition group-data-[state=active]:bg-brand-600 group-data-[state=active]:text-white max-lg:hidden">
                <Icon aria-hidden="true" className="size-4" />
              </span>
              <span className="flex min-w-0 flex-col">
                <span>{t(`tabs.${id}`)}</span>
                <span className="text-xs font-normal text-slate-600 max-lg:hidden">{t(`tabs.${id}Hint`)}</span>
              </span>
              {id === tab && dirty && (
                <span className="ms-auto size-2 shrink-0 rounded-full bg-amber-500" title={t('tabs.unsavedDot')}>
                  <span className="sr-only">{t('tabs.unsavedDot')}</span>
                </span>
              )}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {EDITOR_TABS.map(({ id }) => (
          <Tabs.Content key={id} value={id} className="min-w-0 focus-visible:outline-none">
            {id === tab && (
              <EditorCard tab={id} toolbar={toolbar}>
                <ActiveEditor key={lang} tab={id} lang={lang} onDirtyChange={onDirtyChange} />
              </EditorCard>
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
      <DiscardChangesDialog
        open={pending !== null || blocker.status === 'blocked'}
        copy={{
          title: t('unsaved.title'),
          message: t('unsaved.message', { section: t(`tabs.${tab}`), language: t(`language.${lang}`) }),
          keep: t('unsaved.stay'),
          discard: t('unsaved.leave'),
        }}
        onKeep={stay}
        onDiscard={leave}
      />
    </>
  );
}

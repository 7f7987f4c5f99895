// Editing a content document or global: its content form (forms/content/) rendered by the same
// engine as every guest form, starting from the stored document, saved through the API.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router-dom';
import { EngineForm } from '../../form/EngineForm.tsx';
import { useShell } from '../../shell/ShellContext.tsx';
import { BackLink } from '../../staff/frame.tsx';
import type { ContentEditData } from './contentLoader.ts';
import { contentSaver } from './saveContent.ts';
import { DeleteContent } from './DeleteContent.tsx';
import '../../styles/form.css';
import '../../staff/console.css';

const NO_SOURCED = {};

export default function ContentEditPage() {
  const { loaded, slug, id, global, answers, uploads, optionDocs } = useLoaderData() as ContentEditData;
  const { lang } = useShell();
  const { t } = useTranslation();
  const save = useMemo(() => contentSaver(loaded.compiled.form, { slug, id, global }), [loaded, slug, id, global]);
  return (
    <div className="console console-edit">
      <BackLink to={global ? '/staff' : `/staff/content/${slug}`}>{global ? t('staffTitle') : t('staffAllContent')}</BackLink>
      <EngineForm key={`${slug}/${id ?? ''}`} loaded={loaded} lang={lang} sourced={NO_SOURCED} optionDocs={optionDocs} submit={save} initial={answers} initialUploads={uploads} uploadAs="staff" />
      {id && !global && <DeleteContent slug={slug} id={id} />}
    </div>
  );
}
